// The referee of correspondence games: it keeps every running game's deadline in a DeadlineIndex (from the
// store at the start, then from each change this instance commits) and, once a second, ends the games whose
// deadline has passed through the authority, which loads the table if it must. In Redis mode every instance does
// so; the store's compare-and-set on the result lets exactly one of them end each game.
import { correspondenceDeadline } from '../tables/deadlines.js';
import type { StoredTable } from '../tables/store.js';
import type { TableCommit, TableObserver } from '../tables/table-observer.js';
import type { DeadlineIndex } from './deadline-index.js';

/** What the referee needs of the authority. */
export interface Ender {
  /** Ends the game if a deadline passed; the correspondence deadline that stands after it. */
  endIfDue(id: string): Promise<number | null>;
}

/** Settings and seams of the referee. */
export interface RefereeOptions {
  readonly now?: () => number;
  readonly pollMs?: number; // 1000
  readonly onError?: (error: unknown, what: string) => void;
}

/** Games ended per look, at most (the rest wait for the next second). */
const PER_LOOK = 50;

/** The referee: an observer of committed changes, and a timer. */
export class CorrespondenceReferee implements TableObserver {
  readonly #index: DeadlineIndex;
  readonly #now: () => number;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #pollMs: number;
  #ender: Ender | null = null;
  #timer: NodeJS.Timeout | null = null;
  #looking = false;

  constructor(index: DeadlineIndex, options: RefereeOptions = {}) {
    this.#index = index;
    this.#now = options.now ?? Date.now;
    this.#pollMs = options.pollMs ?? 1000;
    this.#onError = options.onError ?? (() => undefined);
  }

  changed(): void {
    // Presence changes no deadline: only committed changes do.
  }

  /** Follows a committed change of a correspondence table (off the move path: the index write is not awaited). */
  committed(commit: TableCommit): void {
    if (!commit.stored.correspondence) return;
    this.#index.set(commit.stored.id, commit.deadline).catch((e: unknown) => this.#onError(e, 'deadline index'));
  }

  /** Starts: the deadlines of the unfinished tables the store holds, then a look every second. */
  async start(ender: Ender, unfinished: readonly StoredTable[]): Promise<void> {
    this.#ender = ender;
    for (const stored of unfinished) {
      if (!stored.correspondence) continue;
      await this.#index.set(stored.id, correspondenceDeadline(stored));
    }
    this.#timer = setInterval(() => void this.look(), this.#pollMs);
    this.#timer.unref();
  }

  /** Ends the games whose deadline passed (also called by tests). */
  async look(): Promise<void> {
    if (this.#looking || !this.#ender) return;
    this.#looking = true;
    try {
      for (const id of await this.#index.due(this.#now(), PER_LOOK)) {
        const next = await this.#ender.endIfDue(id);
        await this.#index.set(id, next);
      }
    } catch (error) {
      this.#onError(error, 'correspondence deadlines');
    } finally {
      this.#looking = false;
    }
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#ender = null;
  }
}
