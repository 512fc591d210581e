// Push subscriptions in the SQLite file of the tables: one row per seat and endpoint, written through the store's
// group commit (so they never contend with moves for the lock).
import { MAX_PUSH_SUBSCRIPTIONS } from '@fg/protocol';
import { type Side, SIDES } from '@fg/rules';
import type Database from 'libsql';

import type { PushSubscriptions, StoredSubscription } from '../../push/push-subscriptions.js';

/** The table, made on databases that predate it (CREATE ... IF NOT EXISTS: the migration). */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS push_subscriptions (
  table_id TEXT NOT NULL,
  side TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (table_id, side, endpoint)
) WITHOUT ROWID;
`;

/** Runs an operation in the store's commit batch. */
export type StoreRun = <T>(operation: () => T, kind?: 'write' | 'read') => Promise<T>;

/** The key of a seat in the set of those with subscriptions. */
const seatKey = (table: string, side: Side): string => `${table}/${side}`;

/** PushSubscriptions in the tables' database. */
export class SqlitePushSubscriptions implements PushSubscriptions {
  readonly #run: StoreRun;
  readonly #statements;
  /**
   * The seats that have (or had) a subscription. Most seats never ask for one, and push looks a seat up at every
   * game's start and end: those lookups answer [] without a read of the database. This process alone writes the
   * file (the folder lock), so the set is the file's; a seat joins it when its `add` is asked, before the write
   * commits, so a lookup queued after an add never misses it.
   */
  readonly #subscribed = new Set<string>();

  constructor(db: Database.Database, run: StoreRun) {
    db.exec(SCHEMA);
    this.#run = run;
    const seats = db.prepare('SELECT DISTINCT table_id, side FROM push_subscriptions').all() as {
      table_id: string;
      side: Side;
    }[];
    for (const { table_id, side } of seats) this.#subscribed.add(seatKey(table_id, side));
    this.#statements = {
      upsert: db.prepare(
        `INSERT INTO push_subscriptions (table_id, side, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (table_id, side, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`,
      ),
      // Keeps the newest of the seat; the rest give way.
      trim: db.prepare(
        `DELETE FROM push_subscriptions WHERE table_id = ?1 AND side = ?2 AND endpoint NOT IN
           (SELECT endpoint FROM push_subscriptions WHERE table_id = ?1 AND side = ?2 ORDER BY created_at DESC, endpoint LIMIT ?3)`,
      ),
      remove: db.prepare('DELETE FROM push_subscriptions WHERE table_id = ? AND side = ? AND endpoint = ?'),
      removeTable: db.prepare('DELETE FROM push_subscriptions WHERE table_id = ?'),
      list: db.prepare(
        'SELECT endpoint, p256dh, auth, created_at FROM push_subscriptions WHERE table_id = ? AND side = ? ORDER BY created_at, endpoint',
      ),
    };
  }

  async add(table: string, side: Side, s: StoredSubscription): Promise<void> {
    const { upsert, trim } = this.#statements;
    this.#subscribed.add(seatKey(table, side));
    return this.#run(() => {
      upsert.run(table, side, s.endpoint, s.p256dh, s.auth, s.createdAt);
      trim.run(table, side, MAX_PUSH_SUBSCRIPTIONS);
    });
  }

  async remove(table: string, side: Side, endpoint: string): Promise<void> {
    return this.#run(() => void this.#statements.remove.run(table, side, endpoint));
  }

  /** Deletes the subscriptions of tables the store removed; runs inside the store's transaction that removes them. */
  dropTables(ids: readonly string[]): void {
    for (const id of ids) {
      this.#statements.removeTable.run(id);
      for (const side of SIDES) this.#subscribed.delete(seatKey(id, side));
    }
  }

  async list(table: string, side: Side): Promise<StoredSubscription[]> {
    if (!this.#subscribed.has(seatKey(table, side))) return [];
    return this.#run(() => {
      const rows = this.#statements.list.all(table, side) as {
        endpoint: string;
        p256dh: string;
        auth: string;
        created_at: number;
      }[];
      return rows.map((r) => ({ endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth, createdAt: r.created_at }));
    }, 'read');
  }
}
