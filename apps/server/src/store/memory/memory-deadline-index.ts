// The correspondence deadlines of one process: a map, filled from the store's unfinished tables at the start.
import type { DeadlineIndex } from '../../correspondence/deadline-index.js';

/** One process: a map. */
export class MemoryDeadlineIndex implements DeadlineIndex {
  readonly #at = new Map<string, number>();

  async set(id: string, at: number | null): Promise<void> {
    if (at === null) this.#at.delete(id);
    else this.#at.set(id, at);
  }

  async due(now: number, limit: number): Promise<string[]> {
    return [...this.#at]
      .filter(([, at]) => at <= now)
      .sort((a, b) => a[1] - b[1])
      .slice(0, limit)
      .map(([id]) => id);
  }
}
