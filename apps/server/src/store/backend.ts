// Picks the storage of this instance: embedded SQLite and the in-process bus by default (one process, no other
// service), or Redis for both when REDIS_URL is set (several instances, docs/protocol.md Scale-out).
import type { Redis } from 'ioredis';

import { MemoryPushSubscriptions, type PushSubscriptions } from '../push/push-subscriptions.js';
import { RedisPushSubscriptions } from '../push/redis-push-subscriptions.js';
import type { TableBus } from '../tables/bus.js';
import type { TableStore } from '../tables/store.js';
import { MemoryBus } from './memory-bus.js';
import { RedisBus } from './redis-bus.js';
import { connectRedis } from './redis-keys.js';
import { RedisStore } from './redis-store.js';
import { SqliteStore } from './sqlite-store.js';
import { unavailableOnFailure } from './storage-errors.js';

/** What the backend needs from the settings. */
export interface BackendConfig {
  readonly dataDir: string;
  readonly sqliteSync: 'full' | 'normal';
  readonly storeBusyMs: number;
  readonly redisUrl: string | null;
  readonly keepFinishedDays: number;
}

/** Redis mode: the connections the store and bus use, for what else instances share (v1.1 lobby, computer leases). */
interface SharedRedis {
  readonly redis: Redis; // commands
  readonly subscriber: Redis; // pub/sub (the bus's)
}

/** A store and the bus that goes with it. */
export interface Backend {
  readonly store: TableStore;
  readonly bus: TableBus;
  readonly shared: SharedRedis | null; // null: one process
  readonly pushSubscriptions: PushSubscriptions; // v1.2: kept with the seats, in the same store
  /** Whether both answer. */
  readiness(): Promise<{ ready: boolean; reason?: string }>;
  /** Closes the bus, then the store. */
  close(): Promise<void>;
}

/** What the backend reports: failures it recovers from, and a database file lost under the running server. */
export interface BackendHooks {
  readonly onError?: (error: unknown, what: string) => void;
  readonly onFileLost?: (reason: string) => void;
}

/** Opens the backend the settings ask for; `store` replaces the store (tests), with the in-process bus. */
export function openBackend(config: BackendConfig, store?: TableStore, hooks: BackendHooks = {}): Backend {
  const onError = hooks.onError ?? (() => undefined);
  if (config.redisUrl && !store) return openRedis(config.redisUrl, config.keepFinishedDays, onError);
  const chosen =
    store ??
    new SqliteStore(config.dataDir, {
      sync: config.sqliteSync,
      busyMs: config.storeBusyMs,
      ...(hooks.onFileLost ? { onFileLost: hooks.onFileLost } : {}),
    });
  const bus = new MemoryBus();
  return {
    store: chosen,
    bus,
    shared: null,
    pushSubscriptions: chosen instanceof SqliteStore ? chosen.pushSubscriptions : new MemoryPushSubscriptions(),
    readiness: () => chosen.readiness(),
    close: async () => (await bus.close(), await chosen.close()),
  };
}

function openRedis(url: string, keepFinishedDays: number, onError: (error: unknown, what: string) => void): Backend {
  const redis = connectRedis(url);
  const subscriber = connectRedis(url, { enableAutoPipelining: false });
  // A lost connection is retried for ever; it is logged, and calls meanwhile answer `unavailable`.
  redis.on('error', (error: unknown) => onError(error, 'redis'));
  subscriber.on('error', (error: unknown) => onError(error, 'redis subscriber'));
  const bus = new RedisBus(redis, subscriber, onError);
  const store = unavailableOnFailure(
    new RedisStore(redis, { instance: bus.instance, keepFinishedDays, subscriber }),
    'redis',
  );
  return {
    store,
    bus,
    shared: { redis, subscriber },
    pushSubscriptions: unavailableOnFailure(new RedisPushSubscriptions(redis, keepFinishedDays * 86_400_000), 'redis'),
    readiness: async () => {
      const [stored, heard] = await Promise.all([store.readiness(), bus.readiness()]);
      return stored.ready ? heard : stored;
    },
    close: async () => {
      await bus.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
