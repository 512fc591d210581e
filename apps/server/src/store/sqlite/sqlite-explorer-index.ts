// The explorer's index in the SQLite file of the tables: one row per position and move (the move '' counts the games
// that reached the position) holding its six counts (fox, geese, draws for people and for the computer), so a read
// is one range of the primary key, which covers the row (WITHOUT ROWID), and nothing is summed by the query. Written
// through the store's group commit; a game's id is kept so it is added once.
import type Database from 'libsql';

import {
  added,
  type ExplorerIndex,
  type IndexedGame,
  NO_GAMES,
  type Pool,
  type PositionCounts,
  type Tally,
} from '../../explorer/explorer-index.js';
import type { StoreRun } from './sqlite-push-subscriptions.js';
import { atomic } from './sqlite-transaction.js';

/** The tables, made on databases that predate them (CREATE ... IF NOT EXISTS: the migration). */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS explorer_games (id TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS explorer_moves (
  position TEXT NOT NULL,
  move TEXT NOT NULL,
  people_fox INTEGER NOT NULL,
  people_geese INTEGER NOT NULL,
  people_draws INTEGER NOT NULL,
  computer_fox INTEGER NOT NULL,
  computer_geese INTEGER NOT NULL,
  computer_draws INTEGER NOT NULL,
  PRIMARY KEY (position, move)
) WITHOUT ROWID;
`;

/** The first layout kept a row per pool too; its counts move into explorer_moves once, in one transaction. */
const FROM_ROWS_PER_POOL = `
INSERT INTO explorer_moves
SELECT position, move,
  SUM(CASE pool WHEN 'people' THEN fox ELSE 0 END), SUM(CASE pool WHEN 'people' THEN geese ELSE 0 END),
  SUM(CASE pool WHEN 'people' THEN draws ELSE 0 END), SUM(CASE pool WHEN 'computer' THEN fox ELSE 0 END),
  SUM(CASE pool WHEN 'computer' THEN geese ELSE 0 END), SUM(CASE pool WHEN 'computer' THEN draws ELSE 0 END)
FROM explorer_counts GROUP BY position, move;
DROP TABLE explorer_counts;
`;

/** The move of the row that counts the games reaching a position. */
const REACHED = '';

/** A row's counts in the order of its columns: people's fox, geese, draws, then the computer's. */
type Counts = readonly [number, number, number, number, number, number];

interface CountRow {
  readonly move: string;
  readonly people_fox: number;
  readonly people_geese: number;
  readonly people_draws: number;
  readonly computer_fox: number;
  readonly computer_geese: number;
  readonly computer_draws: number;
}

/** The six counts one game adds to each row it touches: a 1 in its pool's column of its ending. */
function oneGame(game: IndexedGame): Counts {
  const counts = [0, 0, 0, 0, 0, 0];
  counts[(game.pool === 'people' ? 0 : 3) + ['fox', 'geese', 'draws'].indexOf(game.ending)] = 1;
  return counts as unknown as Counts;
}

/** Rows one upsert statement writes at most: 8 parameters each, far below SQLite's limit of 32,766. */
const ROWS_PER_STATEMENT = 64;

/** An upsert of `rows` rows of explorer_moves, each adding its counts to the row of its position and move. */
const upsertSql = (rows: number): string =>
  `INSERT INTO explorer_moves VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
   ON CONFLICT (position, move) DO UPDATE SET
     people_fox = people_fox + excluded.people_fox, people_geese = people_geese + excluded.people_geese,
     people_draws = people_draws + excluded.people_draws, computer_fox = computer_fox + excluded.computer_fox,
     computer_geese = computer_geese + excluded.computer_geese,
     computer_draws = computer_draws + excluded.computer_draws`;

/**
 * Counts added to rows of explorer_moves, many rows a statement: a game touches about 140 rows, and each libsql call
 * costs several microseconds beside SQLite's own work, so one call per row made a game's ending cost a millisecond.
 * SQLite applies a multi-row upsert row by row, in order, as the single-row statements did.
 */
class UpsertRows {
  readonly #db: Database.Database;
  readonly #statements = new Map<number, Database.Statement>(); // by row count
  #values: (string | number)[] = [];

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Queues one row's counts; written by `flush`, or at once when a statement's worth is queued. */
  add(position: string, move: string, counts: Counts): void {
    this.#values.push(position, move, ...counts);
    if (this.#values.length === ROWS_PER_STATEMENT * 8) this.flush();
  }

  /** Writes the queued rows (inside the caller's transaction). */
  flush(): void {
    const values = this.#values;
    if (values.length === 0) return;
    this.#values = [];
    const rows = values.length / 8;
    let statement = this.#statements.get(rows);
    if (!statement) {
      statement = this.#db.prepare(upsertSql(rows));
      this.#statements.set(rows, statement);
    }
    statement.run(values);
  }
}

/** ExplorerIndex in the tables' database. */
export class SqliteExplorerIndex implements ExplorerIndex {
  readonly #run: StoreRun;
  readonly #add: (game: IndexedGame) => boolean;
  readonly #addAll: (games: readonly IndexedGame[]) => number;
  readonly #read: Database.Statement;

  constructor(db: Database.Database, run: StoreRun) {
    atomic(db, () => {
      db.exec(SCHEMA);
      const old = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'explorer_counts'").get();
      if (old) db.exec(FROM_ROWS_PER_POOL);
    })();
    this.#run = run;
    const insertGame = db.prepare('INSERT OR IGNORE INTO explorer_games (id) VALUES (?)');
    const rows = new UpsertRows(db);
    this.#add = atomic(db, (game: IndexedGame): boolean => {
      if (insertGame.run(game.id).changes === 0) return false;
      const one = oneGame(game);
      for (const [position, moves] of game.positions) {
        rows.add(position, REACHED, one);
        for (const move of moves) rows.add(position, move, one);
      }
      rows.flush();
      return true;
    });
    // Many games' counts are summed first and written in key order: positions near the start are shared by most
    // games, and the rest land on neighbouring pages rather than all over a file larger than SQLite's cache.
    this.#addAll = atomic(db, (games: readonly IndexedGame[]): number => {
      const sums = new Map<string, number[]>();
      let counted = 0;
      for (const game of games) {
        if (insertGame.run(game.id).changes === 0) continue;
        counted++;
        const one = oneGame(game);
        for (const [position, moves] of game.positions) {
          for (const move of [REACHED, ...moves]) {
            const key = `${position}\n${move}`;
            const sum = sums.get(key) ?? [0, 0, 0, 0, 0, 0];
            one.forEach((n, i) => (sum[i]! += n));
            sums.set(key, sum);
          }
        }
      }
      for (const key of [...sums.keys()].sort()) {
        const cut = key.indexOf('\n');
        rows.add(key.slice(0, cut), key.slice(cut + 1), sums.get(key)! as unknown as Counts);
      }
      rows.flush();
      return counted;
    });
    this.#read = db.prepare(
      `SELECT move, people_fox, people_geese, people_draws, computer_fox, computer_geese, computer_draws
       FROM explorer_moves WHERE position = ?`,
    );
  }

  async add(game: IndexedGame): Promise<boolean> {
    return this.#run(() => this.#add(game));
  }

  async addAll(games: readonly IndexedGame[]): Promise<number> {
    return this.#run(() => this.#addAll(games));
  }

  async counts(position: string, pools: readonly Pool[]): Promise<PositionCounts> {
    const rows = await this.#run(() => this.#read.all(position) as CountRow[], 'read');
    const people = pools.includes('people');
    const computer = pools.includes('computer');
    let games: Tally = NO_GAMES;
    const moves = new Map<string, Tally>();
    for (const row of rows) {
      let tally = NO_GAMES;
      if (people) tally = added(tally, { fox: row.people_fox, geese: row.people_geese, draws: row.people_draws });
      if (computer)
        tally = added(tally, { fox: row.computer_fox, geese: row.computer_geese, draws: row.computer_draws });
      if (row.move === REACHED) games = tally;
      else moves.set(row.move, tally);
    }
    return { games, moves };
  }
}
