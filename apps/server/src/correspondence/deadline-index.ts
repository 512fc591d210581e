// v1.2: the deadlines of every unfinished correspondence game, whether or not its table is in memory anywhere, so
// the server's own timer ends a game on time after a restart (SQLite: rebuilt from the store at the start) and, in
// Redis mode, after the instance that held the table is gone (one sorted set shared by every instance).
import type { Redis } from 'ioredis';

/** Where the deadlines are kept. */
export interface DeadlineIndex {
  /** Sets a table's deadline (ms), or removes it (null: none runs). */
  set(id: string, at: number | null): Promise<void>;
  /** Tables whose deadline is at or before `now`, at most `limit`, the earliest first. */
  due(now: number, limit: number): Promise<string[]>;
}

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

/** The sorted set of Redis mode: table id scored by its deadline. */
const DEADLINES_KEY = 'fg:correspondence:deadlines';

/** Redis mode: one sorted set for every instance. */
export class RedisDeadlineIndex implements DeadlineIndex {
  readonly #redis: Redis;

  constructor(redis: Redis) {
    this.#redis = redis;
  }

  async set(id: string, at: number | null): Promise<void> {
    if (at === null) await this.#redis.zrem(DEADLINES_KEY, id);
    else await this.#redis.zadd(DEADLINES_KEY, at, id);
  }

  async due(now: number, limit: number): Promise<string[]> {
    return this.#redis.zrangebyscore(DEADLINES_KEY, '-inf', now, 'LIMIT', 0, limit);
  }
}
