// Adds each game this instance ends to the explorer's index, a few moments after the ending is committed (so the
// counts change within a second of a game's end). Games that end close together are added together: their counts are
// summed first and written in key order, one transaction (or pipeline) for them all, instead of one per game whose
// ~140 rows land on as many pages all over the index. Another instance that hears of the ending adds nothing: the
// instance that wrote it does, and the index counts a game once in any case. A game missed (the index's store
// failed at that moment, or the process was killed before its batch was written) is added by the backfill
// (`pnpm explorer-backfill`).
import type { TableCommit, TableObserver } from '../tables/table-observer.js';
import { type ExplorerIndex, type IndexedGame, indexedGame } from './explorer-index.js';

/** Games the backfill adds at a time: one SQLite transaction, or a few Redis pipelines. */
const BACKFILL_BATCH = 1_000;

/** How long an ended game waits for others to be added with it: well inside the second the protocol promises. */
const BATCH_MS = 250;

/** A batch is added at once when this many games wait (a busy server). */
const BATCH_GAMES = 256;

/** The observer that indexes finished games. */
export class ExplorerRecorder implements TableObserver {
  readonly #index: ExplorerIndex;
  readonly #onError: (error: unknown, what: string) => void;
  #waiting: IndexedGame[] = [];
  #timer: NodeJS.Timeout | null = null;
  #adding: Promise<void> = Promise.resolve(); // the batches on their way, in order

  constructor(index: ExplorerIndex, onError: (error: unknown, what: string) => void) {
    this.#index = index;
    this.#onError = onError;
  }

  changed(): void {}

  committed({ event, stored, game: played }: TableCommit): void {
    const ended = event.type === 'ended' || (event.type === 'moved' && event.result !== null);
    if (!ended) return;
    const game = indexedGame(stored, played);
    if (!game) return;
    this.#waiting.push(game);
    if (this.#waiting.length >= BATCH_GAMES) this.#add();
    else this.#timer ??= setTimeout(() => this.#add(), BATCH_MS);
  }

  /** Adds the games still waiting; resolves once every batch is written (the server stops: before its store closes). */
  flush(): Promise<void> {
    this.#add();
    return this.#adding;
  }

  #add(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const games = this.#waiting;
    if (games.length === 0) return;
    this.#waiting = [];
    const adding = this.#index.addAll(games).then(
      () => undefined,
      (error: unknown) => this.#onError(error, 'explorer index'),
    );
    this.#adding = this.#adding.then(() => adding);
  }
}

/** Adds every finished table of a store to the index; returns how many games were new to it and how many were read. */
export async function backfill(
  tables: AsyncIterable<Parameters<typeof indexedGame>[0]>,
  index: ExplorerIndex,
): Promise<{ read: number; added: number }> {
  let read = 0;
  let added = 0;
  let batch: IndexedGame[] = [];
  for await (const stored of tables) {
    read++;
    const game = indexedGame(stored);
    if (game) batch.push(game);
    if (batch.length >= BACKFILL_BATCH) {
      added += await index.addAll(batch);
      batch = [];
    }
  }
  added += await index.addAll(batch);
  return { read, added };
}
