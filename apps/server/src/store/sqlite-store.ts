// The embedded store: one SQLite file in WAL mode; a write returns only once SQLite has committed it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { GameResult, TableOptions } from '@fg/protocol';
import type { Side } from '@fg/rules';
import Database from 'libsql';

import { CommitBatch } from './commit-batch.js';
import { atomic } from './sqlite-transaction.js';
import type { StoredTable, TableStore } from './store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  options TEXT NOT NULL,
  fox_token TEXT,
  geese_token TEXT,
  result TEXT,
  rematch TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
  table_id TEXT NOT NULL,
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY (table_id, ply)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tables_unfinished ON tables (created_at) WHERE result IS NULL;
`;

interface TableRow {
  id: string;
  variant: string;
  options: string;
  fox_token: string | null;
  geese_token: string | null;
  result: string | null;
  rematch: string | null;
  created_at: number;
}

/** Where the database file of a data folder lives. */
export function databasePath(dataDir: string): string {
  return dataDir === ':memory:' ? ':memory:' : join(dataDir, 'tables.sqlite');
}

/** A TableStore in one SQLite file under the data folder. */
export class SqliteStore implements TableStore {
  readonly #db: Database.Database;
  readonly #statements;
  readonly #appendMove: (id: string, ply: number, move: string, result: GameResult | null) => boolean;
  readonly #insertTable: (table: StoredTable) => void;
  readonly #removeWaiting: (createdBefore: number) => string[];
  readonly #batch: CommitBatch;

  constructor(dataDir: string, sync: 'full' | 'normal' = 'normal') {
    if (dataDir !== ':memory:') mkdirSync(dataDir, { recursive: true });
    const db = new Database(databasePath(dataDir));
    db.exec('PRAGMA journal_mode = WAL');
    // In WAL mode every commit is written to the log before it returns, so a killed process loses nothing;
    // FULL also syncs the log at every commit (power loss); commits are grouped (CommitBatch), one sync per batch.
    db.exec(`PRAGMA synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`);
    db.exec('PRAGMA foreign_keys = ON');
    db.exec(SCHEMA);
    this.#db = db;
    this.#statements = {
      insert: db.prepare(
        'INSERT INTO tables (id, variant, options, fox_token, geese_token, result, rematch, created_at) VALUES (@id, @variant, @options, @fox_token, @geese_token, @result, @rematch, @created_at)',
      ),
      insertMove: db.prepare('INSERT INTO moves (table_id, ply, move) VALUES (?, ?, ?)'),
      load: db.prepare<[string]>('SELECT * FROM tables WHERE id = ?'),
      moves: db.prepare<[string]>('SELECT move FROM moves WHERE table_id = ? ORDER BY ply').pluck(),
      // One statement appends a move, only to an unfinished table whose last move is ply - 1; it touches
      // no row of `tables`, so an ordinary move writes one page to the log.
      append: db.prepare<{ id: string; ply: number; move: string }>(
        `INSERT OR IGNORE INTO moves (table_id, ply, move)
         SELECT @id, @ply, @move
         WHERE EXISTS (SELECT 1 FROM tables WHERE id = @id AND result IS NULL)
           AND (@ply = 0 OR EXISTS (SELECT 1 FROM moves WHERE table_id = @id AND ply = @ply - 1))`,
      ),
      takeFox: db.prepare('UPDATE tables SET fox_token = ? WHERE id = ? AND fox_token IS NULL'),
      takeGeese: db.prepare('UPDATE tables SET geese_token = ? WHERE id = ? AND geese_token IS NULL'),
      finish: db.prepare('UPDATE tables SET result = ? WHERE id = ? AND result IS NULL'),
      rematch: db.prepare('UPDATE tables SET rematch = ? WHERE id = ?'),
      unfinished: db.prepare<[]>('SELECT * FROM tables WHERE result IS NULL'),
      waiting: db
        .prepare<[number]>('SELECT id FROM tables WHERE created_at < ? AND (fox_token IS NULL OR geese_token IS NULL)')
        .pluck(),
      removeMoves: db.prepare('DELETE FROM moves WHERE table_id = ?'),
      remove: db.prepare('DELETE FROM tables WHERE id = ?'),
    };
    const s = this.#statements;
    const appendEnding = atomic(db, (id: string, ply: number, move: string, result: GameResult): boolean => {
      if (s.append.run({ id, ply, move }).changes !== 1) return false;
      s.finish.run(JSON.stringify(result), id);
      return true;
    });
    this.#appendMove = (id, ply, move, result) =>
      result ? appendEnding(id, ply, move, result) : s.append.run({ id, ply, move }).changes === 1;
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
      });
      table.moves.forEach((move, ply) => s.insertMove.run(table.id, ply, move));
    });
    this.#removeWaiting = atomic(db, (createdBefore: number): string[] => {
      const ids = s.waiting.all(createdBefore) as string[];
      for (const id of ids) {
        s.removeMoves.run(id);
        s.remove.run(id);
      }
      return ids;
    });
    this.#batch = new CommitBatch(db);
  }

  #fromRow(row: TableRow): StoredTable {
    return {
      id: row.id,
      variant: row.variant,
      options: JSON.parse(row.options) as TableOptions,
      seats: { fox: row.fox_token, geese: row.geese_token },
      moves: this.#statements.moves.all(row.id) as string[],
      result: row.result ? (JSON.parse(row.result) as GameResult) : null,
      rematch: row.rematch,
      createdAt: row.created_at,
    };
  }

  async insertTable(table: StoredTable): Promise<void> {
    return this.#batch.run(() => this.#insertTable(table));
  }

  async loadTable(id: string): Promise<StoredTable | null> {
    // Reads go through the batch too, so they see every write queued before them.
    return this.#batch.run(() => {
      const row = this.#statements.load.get(id) as TableRow | undefined;
      return row ? this.#fromRow(row) : null;
    });
  }

  async appendMove(id: string, ply: number, move: string, result: GameResult | null): Promise<boolean> {
    return this.#batch.run(() => this.#appendMove(id, ply, move, result));
  }

  async takeSeat(id: string, side: Side, tokenHash: string): Promise<boolean> {
    const statement = side === 'fox' ? this.#statements.takeFox : this.#statements.takeGeese;
    return this.#batch.run(() => statement.run(tokenHash, id).changes === 1);
  }

  async finish(id: string, result: GameResult): Promise<boolean> {
    return this.#batch.run(() => this.#statements.finish.run(JSON.stringify(result), id).changes === 1);
  }

  async setRematch(id: string, rematch: string): Promise<void> {
    return this.#batch.run(() => void this.#statements.rematch.run(rematch, id));
  }

  async listUnfinished(): Promise<StoredTable[]> {
    return this.#batch.run(() => (this.#statements.unfinished.all() as TableRow[]).map((row) => this.#fromRow(row)));
  }

  async removeWaiting(createdBefore: number): Promise<string[]> {
    return this.#batch.run(() => this.#removeWaiting(createdBefore));
  }

  async readiness(): Promise<{ ready: boolean; reason?: string }> {
    return this.#db.open ? { ready: true } : { ready: false, reason: 'the database is closed' };
  }

  async close(): Promise<void> {
    if (!this.#db.open) return;
    this.#batch.flush();
    this.#db.close();
  }
}
