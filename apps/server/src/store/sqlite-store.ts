// The embedded store: one SQLite file in WAL mode; a write returns only once SQLite has committed it.
// Every failure rejects with StoreUnavailable; a file deleted or replaced under it stops all writes for good.
import { resolve } from 'node:path';

import type { ClockSetting, GameResult, TableOptions } from '@fg/protocol';
import type { Side } from '@fg/rules';
import type Database from 'libsql';

import { SqlitePushSubscriptions } from '../push/sqlite-push-subscriptions.js';
import { Checkpointer } from './checkpointer.js';
import { CommitBatch } from './commit-batch.js';
import type { Takeback } from './events.js';
import { FileIdentity } from './file-identity.js';
import { databasePath, openDatabase } from './sqlite-open.js';
import { atomic } from './sqlite-transaction.js';
import type { ComputerSeat, StoredCorrespondence, StoredTable, TableStore } from './store.js';
import { describeStorageError, StoreUnavailable } from './store-unavailable.js';

interface TableRow {
  id: string;
  variant: string;
  options: string;
  fox_token: string | null;
  geese_token: string | null;
  result: string | null;
  rematch: string | null;
  created_at: number;
  listed: number;
  computer: string | null;
  correspondence: string | null;
  clock: string | null;
  fox_at: number | null;
  geese_at: number | null;
  ended_at: number | null;
  takebacks: string | null;
}

/** Settings of the store besides its folder. */
export interface SqliteStoreOptions {
  readonly sync?: 'full' | 'normal'; // 'normal'
  readonly busyMs?: number; // how long a write waits for another process's lock; 2000
  readonly checkMs?: number; // how often the file's identity is checked while idle; 1000
  /** Told once when the database file is deleted or replaced: the store has stopped taking writes. */
  readonly onFileLost?: (reason: string) => void;
}

/** A TableStore in one SQLite file under the data folder. */
export class SqliteStore implements TableStore {
  readonly #db: Database.Database;
  readonly #statements;
  readonly #appendMove: (
    id: string,
    ply: number,
    move: string,
    result: GameResult | null,
    at?: number | null,
  ) => boolean;
  readonly #insertTable: (table: StoredTable) => void;
  readonly #removeWaiting: (createdBefore: number) => string[];
  readonly #takeBack: (id: string, ply: number, to: number, at: number) => boolean;
  readonly #batch: CommitBatch;
  readonly #files: FileIdentity | null; // null for ':memory:'
  readonly #onFileLost: (reason: string) => void;
  readonly #watch: NodeJS.Timeout | null;
  readonly #checkpointer: Checkpointer | null; // null for ':memory:'
  #lost: string | null = null; // why the store stopped for good
  #lastWrite: string | null = null; // why the last write failed; null when it succeeded
  /** v1.2: the seats' push subscriptions, in this database and through this store's commit batch. */
  readonly pushSubscriptions: SqlitePushSubscriptions;

  /** Opens the store; `options` may be the sync mode alone. Throws a StartupError with a one-line reason. */
  constructor(dataDir: string, options: SqliteStoreOptions | 'full' | 'normal' = {}) {
    const settings = typeof options === 'string' ? { sync: options } : options;
    const db = openDatabase(dataDir, settings.sync ?? 'normal');
    this.#db = db;
    this.#onFileLost = settings.onFileLost ?? (() => undefined);
    if (dataDir === ':memory:') {
      this.#files = null;
      this.#watch = null;
      this.#checkpointer = null;
    } else {
      const path = resolve(databasePath(dataDir));
      this.#checkpointer = new Checkpointer(db, path);
      this.#files = new FileIdentity([path, `${path}-wal`]);
      this.#watch = setInterval(() => this.#checkFiles(), settings.checkMs ?? 1000);
      this.#watch.unref();
    }
    this.#statements = {
      insert: db.prepare(
        'INSERT INTO tables (id, variant, options, fox_token, geese_token, result, rematch, created_at, clock, fox_at, geese_at, listed, computer, correspondence) VALUES (@id, @variant, @options, @fox_token, @geese_token, @result, @rematch, @created_at, @clock, @fox_at, @geese_at, @listed, @computer, @correspondence)',
      ),
      insertMove: db.prepare('INSERT INTO moves (table_id, ply, move, at) VALUES (?, ?, ?, ?)'),
      load: db.prepare<[string]>('SELECT * FROM tables WHERE id = ?'),
      moves: db.prepare<[string]>('SELECT move, at FROM moves WHERE table_id = ? ORDER BY ply'),
      // One statement appends a move, only to an unfinished table whose last move is ply - 1; it touches
      // no row of `tables`, so an ordinary move writes one page to the log.
      append: db.prepare<{ id: string; ply: number; move: string; at: number | null }>(
        `INSERT OR IGNORE INTO moves (table_id, ply, move, at)
         SELECT @id, @ply, @move, @at
         WHERE EXISTS (SELECT 1 FROM tables WHERE id = @id AND result IS NULL)
           AND (@ply = 0 OR EXISTS (SELECT 1 FROM moves WHERE table_id = @id AND ply = @ply - 1))`,
      ),
      takeFox: db.prepare('UPDATE tables SET fox_token = ?, fox_at = ? WHERE id = ? AND fox_token IS NULL'),
      takeGeese: db.prepare('UPDATE tables SET geese_token = ?, geese_at = ? WHERE id = ? AND geese_token IS NULL'),
      finish: db.prepare('UPDATE tables SET result = ?, ended_at = ? WHERE id = ? AND result IS NULL'),
      rematch: db.prepare('UPDATE tables SET rematch = ? WHERE id = ?'),
      // v1.2: the compare-and-set of a takeback is on the ply, like the append's.
      plyOf: db.prepare<[string]>('SELECT count(*) AS n FROM moves WHERE table_id = ?'),
      unfinishedTakebacks: db.prepare<[string]>('SELECT takebacks FROM tables WHERE id = ? AND result IS NULL'),
      dropMoves: db.prepare('DELETE FROM moves WHERE table_id = ? AND ply >= ?'),
      setTakebacks: db.prepare('UPDATE tables SET takebacks = ? WHERE id = ?'),
      unfinished: db.prepare<[]>('SELECT * FROM tables WHERE result IS NULL'),
      waiting: db
        .prepare<[number]>('SELECT id FROM tables WHERE created_at < ? AND (fox_token IS NULL OR geese_token IS NULL)')
        .pluck(),
      removeMoves: db.prepare('DELETE FROM moves WHERE table_id = ?'),
      remove: db.prepare('DELETE FROM tables WHERE id = ?'),
      select1: db.prepare('SELECT 1'),
      probe: db.prepare('INSERT INTO probe (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at'),
    };
    const s = this.#statements;
    const appendEnding = atomic(
      db,
      (id: string, ply: number, move: string, result: GameResult, at: number | null): boolean => {
        if (s.append.run({ id, ply, move, at }).changes !== 1) return false;
        s.finish.run(JSON.stringify(result), at, id);
        return true;
      },
    );
    this.#appendMove = (id, ply, move, result, at = null) =>
      result ? appendEnding(id, ply, move, result, at) : s.append.run({ id, ply, move, at }).changes === 1;
    this.#insertTable = atomic(db, (table: StoredTable): void => {
      s.insert.run({
        id: table.id,
        variant: table.variant,
        options: JSON.stringify(table.options),
        fox_token: table.seats.fox,
        geese_token: table.seats.geese,
        result: table.result ? JSON.stringify(table.result) : null,
        rematch: table.rematch,
        created_at: table.createdAt,
        clock: table.clock ? JSON.stringify(table.clock) : null,
        fox_at: table.seatedAt?.fox ?? null,
        geese_at: table.seatedAt?.geese ?? null,
        listed: table.listed ? 1 : 0,
        computer: table.computer ? JSON.stringify(table.computer) : null,
        correspondence: table.correspondence ? JSON.stringify(table.correspondence) : null,
      });
      table.moves.forEach((move, ply) => s.insertMove.run(table.id, ply, move, table.moveTimes?.[ply] ?? null));
    });
    this.#takeBack = atomic(db, (id: string, ply: number, to: number, at: number): boolean => {
      const row = s.unfinishedTakebacks.get(id) as { takebacks: string | null } | undefined;
      if (!row || (s.plyOf.get(id) as { n: number }).n !== ply) return false;
      const takebacks = [...(row.takebacks ? (JSON.parse(row.takebacks) as Takeback[]) : []), { to, at }];
      s.dropMoves.run(id, to);
      s.setTakebacks.run(JSON.stringify(takebacks), id);
      return true;
    });
    this.#removeWaiting = atomic(db, (createdBefore: number): string[] => {
      const ids = s.waiting.all(createdBefore) as string[];
      for (const id of ids) {
        s.removeMoves.run(id);
        s.remove.run(id);
      }
      return ids;
    });
    this.#batch = new CommitBatch(db, {
      busyMs: settings.busyMs ?? 2000,
      // A commit into a file that is no longer at its path is not acknowledged: the next start would not have it.
      afterCommit: () => {
        const lost = this.#checkFiles();
        if (lost) throw new Error(lost);
      },
      onWrite: (error) => (this.#lastWrite = error === null ? null : describeStorageError(error)),
    });
    this.pushSubscriptions = new SqlitePushSubscriptions(db, (operation, kind) => this.#run(operation, kind));
  }

  /** Checks that the database is still the file opened; the first time it is not, stops the store for good. */
  #checkFiles(): string | null {
    if (this.#lost || !this.#files) return this.#lost;
    const lost = this.#files.check();
    if (lost) {
      this.#lost = `the database file ${lost}; restart the server once the data folder is in order`;
      this.#onFileLost(this.#lost);
    }
    return this.#lost;
  }

  /** Runs an operation through the group commit; any failure becomes StoreUnavailable. */
  #run<T>(operation: () => T, kind: 'write' | 'read' = 'write'): Promise<T> {
    if (this.#lost) return Promise.reject(new StoreUnavailable(this.#lost));
    return this.#batch.run(operation, kind).catch((error: unknown) => {
      throw new StoreUnavailable(`storage failed: ${describeStorageError(error)}`, { cause: error });
    });
  }

  #fromRow(row: TableRow): StoredTable {
    const moves = this.#statements.moves.all(row.id) as { move: string; at: number | null }[];
    return {
      id: row.id,
      variant: row.variant,
      options: JSON.parse(row.options) as TableOptions,
      seats: { fox: row.fox_token, geese: row.geese_token },
      moves: moves.map((m) => m.move),
      result: row.result ? (JSON.parse(row.result) as GameResult) : null,
      rematch: row.rematch,
      createdAt: row.created_at,
      clock: row.clock ? (JSON.parse(row.clock) as ClockSetting) : null,
      seatedAt: { fox: row.fox_at, geese: row.geese_at },
      moveTimes: moves.map((m) => m.at ?? 0),
      endedAt: row.ended_at,
      listed: row.listed === 1,
      computer: row.computer ? (JSON.parse(row.computer) as ComputerSeat) : null,
      ...(row.correspondence ? { correspondence: JSON.parse(row.correspondence) as StoredCorrespondence } : {}),
      ...(row.takebacks ? { takebacks: JSON.parse(row.takebacks) as Takeback[] } : {}),
    };
  }

  async insertTable(table: StoredTable): Promise<void> {
    return this.#run(() => this.#insertTable(table));
  }

  async loadTable(id: string): Promise<StoredTable | null> {
    // Reads go through the batch too, so they see every write queued before them.
    return this.#run(() => {
      const row = this.#statements.load.get(id) as TableRow | undefined;
      return row ? this.#fromRow(row) : null;
    }, 'read');
  }

  async appendMove(id: string, ply: number, move: string, result: GameResult | null, at?: number): Promise<boolean> {
    return this.#run(() => this.#appendMove(id, ply, move, result, at ?? null));
  }

  async takeSeat(id: string, side: Side, tokenHash: string, at?: number): Promise<boolean> {
    const statement = side === 'fox' ? this.#statements.takeFox : this.#statements.takeGeese;
    return this.#run(() => statement.run(tokenHash, at ?? null, id).changes === 1);
  }

  async finish(id: string, result: GameResult, at?: number): Promise<boolean> {
    return this.#run(() => this.#statements.finish.run(JSON.stringify(result), at ?? null, id).changes === 1);
  }

  async takeBack(id: string, ply: number, to: number, at: number): Promise<boolean> {
    return this.#run(() => this.#takeBack(id, ply, to, at));
  }

  async setRematch(id: string, rematch: string): Promise<void> {
    return this.#run(() => void this.#statements.rematch.run(rematch, id));
  }

  async listUnfinished(): Promise<StoredTable[]> {
    return this.#run(() => (this.#statements.unfinished.all() as TableRow[]).map((row) => this.#fromRow(row)), 'read');
  }

  async removeWaiting(createdBefore: number): Promise<string[]> {
    return this.#run(() => this.#removeWaiting(createdBefore));
  }

  async readiness(): Promise<{ ready: boolean; reason?: string }> {
    if (this.#checkFiles()) return { ready: false, reason: this.#lost! };
    try {
      // The last write failed: a probe write tells whether storage has come back (the disk has room again).
      if (this.#lastWrite !== null) await this.#run(() => this.#statements.probe.run(Date.now()));
      else await this.#run(() => this.#statements.select1.all(), 'read');
    } catch (error) {
      return { ready: false, reason: (error as Error).message };
    }
    return this.#lastWrite === null
      ? { ready: true }
      : { ready: false, reason: `last write failed: ${this.#lastWrite}` };
  }

  async close(): Promise<void> {
    if (this.#watch) clearInterval(this.#watch);
    await this.#checkpointer?.stop();
    if (!this.#db.open) return;
    this.#batch.flush();
    // libsql leaves the log behind on close: moving it into the database file keeps the file whole by itself.
    if (!this.#lost) {
      try {
        this.#db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } catch {
        // A busy or failing disk: the log stays, and SQLite replays it at the next start.
      }
    }
    this.#db.close();
  }
}
