// The one place the storage mode is decided and every adapter of it is made: embedded SQLite with the in-process
// bus by default (one process, no other service), or Redis for all of it when REDIS_URL is set (several instances,
// docs/protocol.md Scale-out). A new adapter is one more field of `Backend`, made in both functions below.
import type { ComputerLease } from './computer/computer-lease.js';
import type { DeadlineIndex } from './correspondence/deadline-index.js';
import type { ExplorerIndex } from './explorer/explorer-index.js';
import type { LobbyIndex } from './lobby/lobby-index.js';
import type { PushSubscriptions } from './push/push-subscriptions.js';
import type { VapidKeys } from './push/vapid-keys.js';
import type { PuzzleStore } from './puzzles/puzzle-store.js';
import { MemoryBus } from './store/memory/memory-bus.js';
import { SOLE_LEASE } from './store/memory/memory-computer-lease.js';
import { MemoryDeadlineIndex } from './store/memory/memory-deadline-index.js';
import { MemoryLobbyIndex } from './store/memory/memory-lobby-index.js';
import { RedisBus } from './store/redis/redis-bus.js';
import { RedisChatLog } from './store/redis/redis-chat-log.js';
import { RedisComputerLease } from './store/redis/redis-computer-lease.js';
import { openRedisConnections } from './store/redis/redis-connections.js';
import { RedisDeadlineIndex } from './store/redis/redis-deadline-index.js';
import { RedisExplorerIndex } from './store/redis/redis-explorer-index.js';
import { RedisLobbyIndex } from './store/redis/redis-lobby-index.js';
import { RedisPushSubscriptions } from './store/redis/redis-push-subscriptions.js';
import { RedisPuzzleStore } from './store/redis/redis-puzzles.js';
import { RedisStore } from './store/redis/redis-store.js';
import { redisVapidKeys } from './store/redis/redis-vapid-keys.js';
import { fileVapidKeys } from './store/sqlite/file-vapid-keys.js';
import { SqlitePuzzleStore } from './store/sqlite/sqlite-puzzles.js';
import { SqliteStore } from './store/sqlite/sqlite-store.js';
import { unavailableOnFailure } from './store/storage-errors.js';
import type { TableBus } from './tables/bus.js';
import type { ChatLog } from './tables/chat-log.js';
import type { TableStore } from './tables/store.js';

/** What the backend needs from the settings. */
export interface BackendConfig {
  readonly dataDir: string;
  readonly sqliteSync: 'full' | 'normal';
  readonly storeBusyMs: number;
  readonly redisUrl: string | null;
  readonly keepFinishedDays: number;
}

/** Every adapter of one mode: where the tables and what else the server keeps live, and the bus between instances. */
export interface Backend {
  readonly store: TableStore;
  readonly bus: TableBus;
  readonly pushSubscriptions: PushSubscriptions; // kept with the seats, in the same store
  readonly lobbyIndex: LobbyIndex;
  readonly computerLease: ComputerLease; // which instance plays the computer at a table
  readonly deadlineIndex: DeadlineIndex; // the correspondence deadlines of every running game
  readonly chat: ChatLog; // the tables' chat, kept with the tables
  readonly puzzles: PuzzleStore; // puzzles.sqlite beside the tables' database, or Redis's (docs/puzzles.md)
  readonly explorer: ExplorerIndex; // the explorer's counts of finished games, kept with the tables
  /** The push key pair, made at the first start and kept. */
  readonly vapidKeys: () => Promise<VapidKeys>;
  /** Whether the store and the bus answer. */
  readiness(): Promise<{ ready: boolean; reason?: string }>;
  /** Closes the bus, then the store. */
  close(): Promise<void>;
}

/** What the backend reports: failures it recovers from, and a database file lost under the running server. */
export interface BackendHooks {
  readonly onError: (error: unknown, what: string) => void;
  readonly onFileLost?: (reason: string) => void;
}

/** Opens the backend the settings ask for. */
export function openBackend(config: BackendConfig, hooks: BackendHooks): Backend {
  return config.redisUrl ? redisBackend(config.redisUrl, config, hooks) : sqliteBackend(config, hooks);
}

/** One process: the SQLite store (with the seats' subscriptions), the in-process bus, the rest in memory. */
function sqliteBackend(config: BackendConfig, hooks: BackendHooks): Backend {
  const store = new SqliteStore(config.dataDir, {
    sync: config.sqliteSync,
    busyMs: config.storeBusyMs,
    ...(hooks.onFileLost ? { onFileLost: hooks.onFileLost } : {}),
  });
  const bus = new MemoryBus();
  const puzzles = unavailableOnFailure(new SqlitePuzzleStore(config.dataDir), 'sqlite');
  return {
    store,
    bus,
    pushSubscriptions: store.pushSubscriptions,
    lobbyIndex: new MemoryLobbyIndex(),
    computerLease: SOLE_LEASE,
    deadlineIndex: new MemoryDeadlineIndex(),
    chat: store.chat,
    puzzles,
    explorer: store.explorer,
    vapidKeys: async () => fileVapidKeys(config.dataDir),
    readiness: () => store.readiness(),
    close: async () => (await bus.close(), await store.close(), await puzzles.close()),
  };
}

/** Several instances: everything in one Redis, each call that fails answering `unavailable`. */
function redisBackend(url: string, config: BackendConfig, hooks: BackendHooks): Backend {
  const { onError } = hooks;
  const { redis, subscriber, close } = openRedisConnections(url, onError);
  const bus = new RedisBus(redis, subscriber, onError);
  const keepMs = config.keepFinishedDays * 86_400_000;
  const store = unavailableOnFailure(
    new RedisStore(redis, { instance: bus.instance, keepFinishedDays: config.keepFinishedDays, subscriber }),
    'redis',
  );
  return {
    store,
    bus,
    pushSubscriptions: unavailableOnFailure(new RedisPushSubscriptions(redis, keepMs), 'redis'),
    lobbyIndex: unavailableOnFailure(new RedisLobbyIndex(redis, subscriber, { keepMs, onError }), 'redis'),
    computerLease: new RedisComputerLease(redis, bus.instance),
    deadlineIndex: unavailableOnFailure(new RedisDeadlineIndex(redis), 'redis'),
    chat: unavailableOnFailure(new RedisChatLog(redis, keepMs), 'redis'),
    puzzles: unavailableOnFailure(new RedisPuzzleStore(redis), 'redis'),
    explorer: unavailableOnFailure(new RedisExplorerIndex(redis), 'redis'),
    vapidKeys: () => redisVapidKeys(redis),
    readiness: async () => {
      const [stored, heard] = await Promise.all([store.readiness(), bus.readiness()]);
      return stored.ready ? heard : stored;
    },
    close: async () => (await bus.close(), await close()),
  };
}
