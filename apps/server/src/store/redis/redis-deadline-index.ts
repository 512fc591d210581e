// The correspondence deadlines every instance shares: one sorted set, table id scored by its deadline.
import type { Redis } from 'ioredis';

import type { DeadlineIndex } from '../../correspondence/deadline-index.js';

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
