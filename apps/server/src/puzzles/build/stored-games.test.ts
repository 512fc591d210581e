// The finished games the build reads, from both stores: an SQLite file (read-only beside the server) and a real
// redis-server. Only finished standard games of the table's geese count without sideways moves, in id order
// after a cursor, with their moves; and a build over them reads each once.
import type { GameResult } from '@fg/protocol';
import { openSolution, type TableSolution } from '@fg/solver';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MemoryPuzzleStore } from '../../store/memory/memory-puzzles.js';
import { redisGames } from '../../store/redis/redis-games.js';
import { connectRedis } from '../../store/redis/redis-keys.js';
import { RedisStore } from '../../store/redis/redis-store.js';
import { sqliteGames } from '../../store/sqlite/sqlite-games.js';
import { SqliteStore } from '../../store/sqlite/sqlite-store.js';
import type { StoredTable, TableStore } from '../../tables/store.js';
import { type RedisProcess, startRedis, systemProgramSkipReason } from '../../testing/redis-process.js';
import { buildTestTable, SOLVED } from '../../testing/solution-table.js';
import { storedTable, useCleanups } from '../../testing/store-fixtures.js';
import { buildPuzzles } from './build.js';
import type { GameReader, StoredGame } from './stored-games.js';

const skip = systemProgramSkipReason();
const { cleanups, tempDir } = useCleanups('stored-games-');
let redis: RedisProcess | null = null;
let client: Redis | null = null;
let tableDir: string;
let solution: TableSolution;

beforeAll(async () => {
  tableDir = await buildTestTable(6);
  solution = openSolution(tableDir, { geese: 13 })!;
  if (skip) return;
  redis = await startRedis('no');
  client = connectRedis(redis.url);
}, 120_000);

afterAll(async () => {
  solution?.close();
  client?.disconnect();
  await redis?.stop();
});

const WON: GameResult = { winner: 'fox', reason: 'resignation' };
const MOVES = ['d4-d5', 'c3-c4', 'd5-e5'];

/** Tables of every kind the readers must tell apart; only the two finished standard 13-geese games are games. */
const TABLES: readonly StoredTable[] = [
  storedTable('gameBBBBBBBB', { moves: MOVES, result: WON }),
  storedTable('gameAAAAAAAA', { moves: MOVES.slice(0, 2), result: WON }),
  storedTable('gameCCCCCCCC', { moves: MOVES }), // still being played
  storedTable('gameDDDDDDDD', { options: { geese: 13, sideways: true }, moves: MOVES, result: WON }),
  storedTable('gameEEEEEEEE', { options: { geese: 15, sideways: false }, moves: ['d4-d5'], result: WON }),
  storedTable('gameFFFFFFFF', { variant: 'two-foxes', options: {}, moves: [], result: WON }),
];

async function read(games: GameReader, after: string): Promise<StoredGame[]> {
  const list: StoredGame[] = [];
  for await (const game of games(after)) list.push(game);
  return list;
}

const stores: [string, () => Promise<{ store: TableStore; games: GameReader; close: () => Promise<void> }>][] = [
  [
    'sqlite',
    async () => {
      const dir = tempDir();
      const store = new SqliteStore(dir);
      return { store, games: sqliteGames(dir, 13), close: () => store.close() };
    },
  ],
  [
    'redis',
    async () => {
      await client!.flushdb();
      const store = new RedisStore(client!, { instance: 'test', keepFinishedDays: 30 });
      return { store, games: redisGames(client!, 13), close: () => store.close() };
    },
  ],
];

describe.each(stores)('the finished games of the %s store', (kind, open) => {
  const run = kind === 'redis' && skip ? it.skip : it;

  run('are read in id order after the cursor, with their moves, and a build reads each once', async () => {
    const { store, games, close } = await open();
    cleanups.push(close);
    for (const table of TABLES) await store.insertTable(table);
    if (kind === 'sqlite') await store.close(); // the build reads the file beside (or after) the server

    expect(await read(games, '')).toEqual([
      { id: 'gameAAAAAAAA', moves: MOVES.slice(0, 2) },
      { id: 'gameBBBBBBBB', moves: MOVES },
    ]);
    expect(await read(games, 'gameAAAAAAAA')).toEqual([{ id: 'gameBBBBBBBB', moves: MOVES }]);

    const puzzles = new MemoryPuzzleStore();
    const report = await buildPuzzles(puzzles, solution, SOLVED, games, { count: 1, games: 0, grade: false });
    expect([report.progress.games, report.progress.storedAfter]).toEqual([2, 'gameBBBBBBBB']);
    // Each game's positions and every position two plies from them: 3 + 4 positions, the alternatives around.
    expect(report.progress.positions).toBeGreaterThan(7);
    const again = await buildPuzzles(puzzles, solution, SOLVED, games, { count: 1, games: 0, grade: false });
    expect([again.progress.games, again.progress.positions]).toEqual([2, report.progress.positions]);
  });
});
