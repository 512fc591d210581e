// The two connections of an instance in Redis mode: one for commands (the store, the bus's writes, the lobby, leases,
// deadlines, push), one for the bus's pub/sub. A lost connection is retried for ever; it is logged, and calls
// meanwhile answer `unavailable`.
import type { Redis } from 'ioredis';

import { connectRedis } from './redis-keys.js';

/** An instance's connections to Redis. */
export interface RedisConnections {
  readonly redis: Redis; // commands
  readonly subscriber: Redis; // pub/sub (the bus's)
  /** Closes the command connection (after the bus stopped, which closes its own). */
  readonly close: () => Promise<void>;
}

/** Connects to `url` twice, failures going to `onError`. */
export function openRedisConnections(url: string, onError: (error: unknown, what: string) => void): RedisConnections {
  const redis = connectRedis(url);
  const subscriber = connectRedis(url, { enableAutoPipelining: false });
  redis.on('error', (error: unknown) => onError(error, 'redis'));
  subscriber.on('error', (error: unknown) => onError(error, 'redis subscriber'));
  return {
    redis,
    subscriber,
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
