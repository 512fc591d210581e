// The explorer's index in the SQLite file of the tables: one row per position, pool and move (the move '' counts the
// games that reached the position), written through the store's group commit; a game's id is kept so it is added once.
import type Database from 'libsql';

import {
  added,
  type ExplorerIndex,
  type IndexedGame,
  NO_GAMES,
  type Pool,
  POOLS,
  type PositionCounts,
  type Tally,
} from '../../explorer/explorer-index.js';
import type { StoreRun } from './sqlite-push-subscriptions.js';

/** The tables, made on databases that predate them (CREATE ... IF NOT EXISTS: the migration). */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS explorer_games (id TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS explorer_counts (
  position TEXT NOT NULL,
  pool TEXT NOT NULL,
  move TEXT NOT NULL,
  fox INTEGER NOT NULL,
  geese INTEGER NOT NULL,
  draws INTEGER NOT NULL,
  PRIMARY KEY (position, pool, move)
) WITHOUT ROWID;
`;

/** The move of the row that counts the games reaching a position. */
const REACHED = '';

interface CountRow {
  readonly move: string;
  readonly fox: number;
  readonly geese: number;
  readonly draws: number;
}

/** ExplorerIndex in the tables' database. */
export class SqliteExplorerIndex implements ExplorerIndex {
  readonly #run: StoreRun;
  readonly #statements;

  constructor(db: Database.Database, run: StoreRun) {
    db.exec(SCHEMA);
    this.#run = run;
    this.#statements = {
      game: db.prepare('INSERT OR IGNORE INTO explorer_games (id) VALUES (?)'),
      count: db.prepare(
        `INSERT INTO explorer_counts (position, pool, move, fox, geese, draws) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (position, pool, move) DO UPDATE SET
           fox = fox + excluded.fox, geese = geese + excluded.geese, draws = draws + excluded.draws`,
      ),
      one: db.prepare('SELECT move, fox, geese, draws FROM explorer_counts WHERE position = ? AND pool = ?'),
      all: db.prepare(
        `SELECT move, SUM(fox) AS fox, SUM(geese) AS geese, SUM(draws) AS draws FROM explorer_counts
         WHERE position = ? GROUP BY move`,
      ),
    };
  }

  async add(game: IndexedGame): Promise<boolean> {
    const { game: insertGame, count } = this.#statements;
    const one = { ...NO_GAMES, [game.ending]: 1 };
    return this.#run(() => {
      if (insertGame.run(game.id).changes === 0) return false;
      for (const [position, moves] of game.positions) {
        count.run(position, game.pool, REACHED, one.fox, one.geese, one.draws);
        for (const move of moves) count.run(position, game.pool, move, one.fox, one.geese, one.draws);
      }
      return true;
    });
  }

  async counts(position: string, pools: readonly Pool[]): Promise<PositionCounts> {
    const all = POOLS.every((pool) => pools.includes(pool));
    const rows = await this.#run(() => {
      if (all) return this.#statements.all.all(position) as CountRow[];
      return pools.flatMap((pool) => this.#statements.one.all(position, pool) as CountRow[]);
    }, 'read');
    let games: Tally = NO_GAMES;
    const moves = new Map<string, Tally>();
    for (const { move, fox, geese, draws } of rows) {
      const tally = { fox, geese, draws };
      if (move === REACHED) games = added(games, tally);
      else moves.set(move, added(moves.get(move) ?? NO_GAMES, tally));
    }
    return { games, moves };
  }
}
