// The explorer's SQLite index on a real file: a read is one range of the primary key (the query plan), the pools are
// summed as asked, a game counts once, and a file of the first layout (a row per pool) keeps its counts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { IndexedGame, Pool } from '../../explorer/explorer-index.js';
import { SqliteExplorerIndex } from './sqlite-explorer-index.js';
import type { StoreRun } from './sqlite-push-subscriptions.js';

const run: StoreRun = (operation) => Promise.resolve().then(operation);

/** A game through two positions: A (moves a1 played) then B (the end). */
const game = (id: string, pool: Pool, ending: IndexedGame['ending'], move = 'a1'): IndexedGame => ({
  id,
  pool,
  ending,
  positions: new Map([
    ['A', [move]],
    ['B', []],
  ]),
});

/** A position's counts as plain data: the games and each move's tally. */
async function countsOf(index: SqliteExplorerIndex, position: string, pools: readonly Pool[]) {
  const { games, moves } = await index.counts(position, pools);
  return { games, moves: Object.fromEntries(moves) };
}

describe('SqliteExplorerIndex', () => {
  let dir = '';
  let db: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fg-explorer-index-'));
    db = new Database(join(dir, 'tables.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a position as one search of the primary key, which covers the row', () => {
    new SqliteExplorerIndex(db, run);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT * FROM explorer_moves WHERE position = ?').all('A') as {
      detail: string;
    }[];
    expect(plan.map((row) => row.detail)).toEqual(['SEARCH explorer_moves USING PRIMARY KEY (position=?)']);
  });

  it.each([
    { pools: ['people', 'computer'] as Pool[], a1: { fox: 2, geese: 1, draws: 0 }, c3: { fox: 0, geese: 0, draws: 1 } },
    { pools: ['people'] as Pool[], a1: { fox: 1, geese: 1, draws: 0 }, c3: { fox: 0, geese: 0, draws: 0 } },
    { pools: ['computer'] as Pool[], a1: { fox: 1, geese: 0, draws: 0 }, c3: { fox: 0, geese: 0, draws: 1 } },
  ])('sums the pools asked ($pools), and counts a game added twice once', async ({ pools, a1, c3 }) => {
    const index = new SqliteExplorerIndex(db, run);
    const games = [
      game('g1', 'people', 'fox'),
      game('g2', 'people', 'geese'),
      game('g3', 'computer', 'fox'),
      game('g4', 'computer', 'draws', 'c3'),
    ];
    expect(await index.addAll(games)).toBe(4);
    expect(await index.add(games[0]!)).toBe(false);
    expect(await index.addAll(games)).toBe(0);
    const reached = { fox: a1.fox, geese: a1.geese, draws: c3.draws };
    const moves = pools.includes('computer') ? { a1, c3 } : { a1, c3: { fox: 0, geese: 0, draws: 0 } };
    expect(await countsOf(index, 'A', pools)).toEqual({ games: reached, moves });
    expect(await countsOf(index, 'B', pools)).toEqual({ games: reached, moves: {} });
  });

  // A game's rows go many to a statement (64 at most): a long game spans several statements and a remainder.
  it.each([
    { positions: 1, how: 'add' },
    { positions: 32, how: 'add' },
    { positions: 150, how: 'add' },
    { positions: 150, how: 'addAll' },
  ] as const)('counts every row of a game of $positions positions ($how)', async ({ positions, how }) => {
    const index = new SqliteExplorerIndex(db, run);
    const long = (id: string, ending: IndexedGame['ending']): IndexedGame => ({
      id,
      pool: 'people',
      ending,
      positions: new Map(Array.from({ length: positions }, (_, i) => [`P${i}`, i % 3 === 0 ? [] : ['m1', 'm2']])),
    });
    const games = [long('g1', 'fox'), long('g2', 'geese')];
    if (how === 'add') for (const g of games) expect(await index.add(g)).toBe(true);
    else expect(await index.addAll(games)).toBe(2);
    const tally = { fox: 1, geese: 1, draws: 0 };
    const rows = db.prepare('SELECT COUNT(*) AS n FROM explorer_moves').get() as { n: number };
    expect(rows.n).toBe(positions + 2 * (positions - Math.ceil(positions / 3)));
    expect(await countsOf(index, 'P0', ['people'])).toEqual({ games: tally, moves: {} });
    const last = `P${positions - 1}`;
    const lastMoves = (positions - 1) % 3 === 0 ? {} : { m1: tally, m2: tally };
    expect(await countsOf(index, last, ['people'])).toEqual({ games: tally, moves: lastMoves });
  });

  it('moves the counts of the first layout (a row per pool) into the row per move, once', async () => {
    db.exec(`CREATE TABLE explorer_counts (position TEXT NOT NULL, pool TEXT NOT NULL, move TEXT NOT NULL,
      fox INTEGER NOT NULL, geese INTEGER NOT NULL, draws INTEGER NOT NULL, PRIMARY KEY (position, pool, move))`);
    db.exec(`INSERT INTO explorer_counts VALUES ('A', 'people', '', 3, 1, 0), ('A', 'computer', '', 0, 2, 1),
      ('A', 'people', 'a1', 3, 0, 0), ('A', 'computer', 'a1', 0, 2, 0), ('A', 'people', 'b2', 0, 1, 0)`);
    const index = new SqliteExplorerIndex(db, run);
    new SqliteExplorerIndex(db, run); // a second opening finds nothing left to move
    expect(await countsOf(index, 'A', ['people', 'computer'])).toEqual({
      games: { fox: 3, geese: 3, draws: 1 },
      moves: { a1: { fox: 3, geese: 2, draws: 0 }, b2: { fox: 0, geese: 1, draws: 0 } },
    });
    expect(await countsOf(index, 'A', ['computer'])).toEqual({
      games: { fox: 0, geese: 2, draws: 1 },
      moves: { a1: { fox: 0, geese: 2, draws: 0 }, b2: { fox: 0, geese: 0, draws: 0 } },
    });
  });
});
