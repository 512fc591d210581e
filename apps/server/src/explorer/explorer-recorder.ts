// Adds each game this instance ends to the explorer's index, as the ending is committed (so the counts change within
// moments of a game's end). Another instance that hears of the ending adds nothing: the instance that wrote it does,
// and the index counts a game once in any case. A game missed (the index's store failed at that moment) is added by
// the backfill (`pnpm explorer-backfill`).
import type { TableCommit, TableObserver } from '../tables/table-observer.js';
import { type ExplorerIndex, type IndexedGame, indexedGame } from './explorer-index.js';

/** Games the backfill adds at a time: one SQLite transaction, or a few Redis pipelines. */
const BACKFILL_BATCH = 1_000;

/** The observer that indexes finished games. */
export class ExplorerRecorder implements TableObserver {
  readonly #index: ExplorerIndex;
  readonly #onError: (error: unknown, what: string) => void;

  constructor(index: ExplorerIndex, onError: (error: unknown, what: string) => void) {
    this.#index = index;
    this.#onError = onError;
  }

  changed(): void {}

  committed({ event, stored, game: played }: TableCommit): void {
    const ended = event.type === 'ended' || (event.type === 'moved' && event.result !== null);
    if (!ended) return;
    const game = indexedGame(stored, played);
    if (game) this.#index.add(game).catch((error: unknown) => this.#onError(error, 'explorer index'));
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
