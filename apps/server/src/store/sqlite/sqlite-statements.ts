// The SQLite store's statements, prepared once, and how a row of `tables` becomes a StoredTable.
import type { ClockSetting, GameResult, TableOptions } from '@fg/protocol';
import type Database from 'libsql';

import type { Takeback } from '../../tables/events.js';
import type { ComputerSeat, StoredCorrespondence, StoredTable } from '../../tables/store.js';
import type { JournalEntry } from './move-journal.js';
import { atomic } from './sqlite-transaction.js';

/** A row of `tables` as SQLite gives it. */
export interface TableRow {
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

/** Every statement the store runs. */
export function prepareStatements(db: Database.Database) {
  return {
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
    // The same, at a start, for a journal line: only while the table has the count of takebacks the line was
    // written with (a line copied, then taken back, stays undone).
    appendAfterTakebacks: db.prepare<{ id: string; ply: number; move: string; at: number | null; takebacks: number }>(
      `INSERT OR IGNORE INTO moves (table_id, ply, move, at)
       SELECT @id, @ply, @move, @at
       WHERE EXISTS (SELECT 1 FROM tables WHERE id = @id AND result IS NULL
                       AND coalesce(json_array_length(takebacks), 0) = @takebacks)
         AND (@ply = 0 OR EXISTS (SELECT 1 FROM moves WHERE table_id = @id AND ply = @ply - 1))`,
    ),
    takebacksOf: db.prepare<[string]>('SELECT coalesce(json_array_length(takebacks), 0) AS n FROM tables WHERE id = ?'),
    takeFox: db.prepare('UPDATE tables SET fox_token = ?, fox_at = ? WHERE id = ? AND fox_token IS NULL'),
    takeGeese: db.prepare('UPDATE tables SET geese_token = ?, geese_at = ? WHERE id = ? AND geese_token IS NULL'),
    finish: db.prepare('UPDATE tables SET result = ?, ended_at = ? WHERE id = ? AND result IS NULL'),
    rematch: db.prepare('UPDATE tables SET rematch = ? WHERE id = ?'),
    // The compare-and-set of a takeback is on the ply, like the append's.
    plyOf: db.prepare<[string]>('SELECT count(*) AS n FROM moves WHERE table_id = ?'),
    unfinishedTakebacks: db.prepare<[string]>('SELECT takebacks FROM tables WHERE id = ? AND result IS NULL'),
    dropMoves: db.prepare('DELETE FROM moves WHERE table_id = ? AND ply >= ?'),
    setTakebacks: db.prepare('UPDATE tables SET takebacks = ? WHERE id = ?'),
    unfinished: db.prepare<[]>('SELECT * FROM tables WHERE result IS NULL'),
    finishedAfter: db.prepare<[string, number]>(
      'SELECT * FROM tables WHERE result IS NOT NULL AND id > ? ORDER BY id LIMIT ?',
    ),
    waiting: db
      .prepare<[number]>('SELECT id FROM tables WHERE created_at < ? AND (fox_token IS NULL OR geese_token IS NULL)')
      .pluck(),
    removeMoves: db.prepare('DELETE FROM moves WHERE table_id = ?'),
    remove: db.prepare('DELETE FROM tables WHERE id = ?'),
    select1: db.prepare('SELECT 1'),
    probe: db.prepare('INSERT INTO probe (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at'),
  };
}

/** The prepared statements of a store. */
export type Statements = ReturnType<typeof prepareStatements>;

/** A table's row and its moves as the store hands them out. */
export function tableFromRow(row: TableRow, moves: readonly { move: string; at: number | null }[]): StoredTable {
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

/** The store's operations of several statements, each atomic (a savepoint inside the group commit's transaction). */
export function compositeOperations(db: Database.Database, s: Statements) {
  const appendEnding = atomic(
    db,
    (id: string, ply: number, move: string, result: GameResult, at: number | null): boolean => {
      if (s.append.run({ id, ply, move, at }).changes !== 1) return false;
      s.finish.run(JSON.stringify(result), at, id);
      return true;
    },
  );
  const appendMove = (
    id: string,
    ply: number,
    move: string,
    result: GameResult | null,
    at: number | null = null,
  ): boolean => (result ? appendEnding(id, ply, move, result, at) : s.append.run({ id, ply, move, at }).changes === 1);
  const insertTable = atomic(db, (table: StoredTable): void => {
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
  const takeBack = atomic(db, (id: string, ply: number, to: number, at: number): boolean => {
    const row = s.unfinishedTakebacks.get(id) as { takebacks: string | null } | undefined;
    if (!row || (s.plyOf.get(id) as { n: number }).n !== ply) return false;
    const takebacks = [...(row.takebacks ? (JSON.parse(row.takebacks) as Takeback[]) : []), { to, at }];
    s.dropMoves.run(id, to);
    s.setTakebacks.run(JSON.stringify(takebacks), id);
    return true;
  });
  const removeWaiting = atomic(db, (createdBefore: number): string[] => {
    const ids = s.waiting.all(createdBefore) as string[];
    for (const id of ids) {
      s.removeMoves.run(id);
      s.remove.run(id);
    }
    return ids;
  });
  /** Ends the game only while the table has `ply` moves (the compare-and-set of an ending) and no result. */
  const finishAt = atomic(db, (id: string, ply: number, result: GameResult, at: number | null): boolean => {
    if ((s.plyOf.get(id) as { n: number }).n !== ply) return false;
    return s.finish.run(JSON.stringify(result), at, id).changes === 1;
  });
  /** How many takebacks the table has stored (0 for a table that is not there). */
  const takebacksOf = (id: string): number => (s.takebacksOf.get(id) as { n: number } | undefined)?.n ?? 0;
  return { appendMove, insertTable, takeBack, removeWaiting, takebacksOf, finishAt };
}

/** The composite operations of a store. */
export type CompositeOperations = ReturnType<typeof compositeOperations>;

/** Moves copied from the journal: one statement for many rows (a libsql call costs several µs, a row far less). */
export class MoveCopier {
  readonly #db: Database.Database;
  readonly #bySize = new Map<number, Database.Statement>();

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Inserts the entries in statements of 64, 16, 4 and 1 rows; a move already there (a copy again after a crash) is kept. */
  copy(entries: readonly JournalEntry[]): void {
    let from = 0;
    for (const size of [64, 16, 4, 1]) {
      while (entries.length - from >= size) {
        const values: (string | number | null)[] = [];
        for (let i = from; i < from + size; i++) {
          const entry = entries[i]!;
          values.push(entry.id, entry.ply, entry.move, entry.at);
        }
        this.#statement(size).run(values);
        from += size;
      }
    }
  }

  #statement(size: number): Database.Statement {
    let statement = this.#bySize.get(size);
    if (!statement) {
      const rows = Array.from({ length: size }, () => '(?, ?, ?, ?)').join(', ');
      statement = this.#db.prepare(`INSERT OR IGNORE INTO moves (table_id, ply, move, at) VALUES ${rows}`);
      this.#bySize.set(size, statement);
    }
    return statement;
  }
}
