// The queue of each table: actions on one table run one after another, so checks and writes never interleave;
// a failed store or bus call answers `unavailable` and sets the table back to the store's truth.
import type { HttpErrorCode, SocketErrorCode } from '@fg/protocol';

import { type Answer, refuse } from './answer.js';
import type { TableCache } from './table-cache.js';
import type { LiveTable } from './table-state.js';

/** What a failure of the store answers. */
export const UNAVAILABLE = 'the server cannot do this just now; nothing changed, try again shortly';

/** Runs actions on tables, one at a time per table. */
export class TableQueue {
  readonly #cache: TableCache;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #changed: (live: LiveTable) => void;

  constructor(cache: TableCache, onError: (error: unknown, what: string) => void, changed: (live: LiveTable) => void) {
    this.#cache = cache;
    this.#onError = onError;
    this.#changed = changed;
  }

  /** Runs an action on a loaded table; a table that does not exist answers `table-not-found`. */
  async onTable<T, C extends SocketErrorCode | HttpErrorCode>(
    id: string,
    action: (live: LiveTable) => Promise<Answer<T, C>>,
  ): Promise<Answer<T, C | 'table-not-found' | 'unavailable'>> {
    let live: LiveTable | null;
    try {
      live = await this.#cache.get(id);
    } catch (error) {
      this.#onError(error, 'load table');
      return refuse('unavailable', UNAVAILABLE);
    }
    if (!live) return refuse('table-not-found', `no table "${id}"`);
    return this.guarded(live, () => action(live));
  }

  /**
   * Runs one action on a table after the ones before it, so checks and writes never interleave. A store or bus
   * call that fails answers `unavailable` and sets the cache back to the store's truth (docs/protocol.md).
   */
  guarded<T, C extends SocketErrorCode | HttpErrorCode>(
    live: LiveTable,
    action: () => Promise<Answer<T, C>>,
  ): Promise<Answer<T, C | 'unavailable'>> {
    return this.#cache.exclusive(live, async (): Promise<Answer<T, C | 'unavailable'>> => {
      try {
        if (live.stale) await this.#cache.refresh(live);
        return await action();
      } catch (error) {
        this.#onError(error, 'store');
        live.stale = true;
        await this.#cache.refresh(live).catch(() => undefined);
        return refuse('unavailable', UNAVAILABLE);
      } finally {
        this.#changed(live); // v1.1 observers, told once the action is done (they log their own faults)
      }
    });
  }
}
