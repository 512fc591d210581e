// The puzzle routes over HTTP (docs/protocol.md, Puzzles): on the SQLite store of a real data folder, and in
// Redis mode against a real redis-server; bad input answers its code and changes nothing.
import { NEW_PLAYER_RATING, rateAttempt } from '@fg/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { connectRedis } from '../store/redis/redis-keys.js';
import { RedisPuzzleStore } from '../store/redis/redis-puzzles.js';
import { SqlitePuzzleStore } from '../store/sqlite/sqlite-puzzles.js';
import { request, startServer, type TestServer } from '../testing/harness.js';
import { FOX_PUZZLE, storedPuzzle } from '../testing/puzzle-fixtures.js';
import { type RedisProcess, startRedis, systemProgramSkipReason } from '../testing/redis-process.js';
import { PUZZLE_ATTEMPTS_PER_MINUTE } from './puzzle-routes.js';

const GEESE = storedPuzzle('geesePz1');
const HARD = storedPuzzle('hardPzl1', {
  rating: { rating: 2300, deviation: 80, volatility: 0.06 },
  themes: ['sacrifice'],
});
const browser = 'V1StGXR8_Z5jdHi6B-myT';

const skip = systemProgramSkipReason();
let redis: RedisProcess | null = null;

beforeAll(async () => {
  if (!skip) redis = await startRedis('no');
}, 60_000);
afterAll(async () => redis?.stop());

/** A server whose store holds the three puzzles: SQLite in its data folder, or Redis. */
async function serverWithPuzzles(mode: 'sqlite' | 'redis'): Promise<TestServer> {
  const server = await startServer(mode === 'redis' ? { redisUrl: redis!.url } : {});
  if (mode === 'sqlite') {
    // The server has the file open; a second connection adds the puzzles, as `pnpm puzzles build` does.
    const store = new SqlitePuzzleStore(server.dataDir);
    await store.add([FOX_PUZZLE, GEESE, HARD]);
    await store.close();
  } else {
    const client = connectRedis(redis!.url);
    await new RedisPuzzleStore(client).add([FOX_PUZZLE, GEESE, HARD]);
    client.disconnect();
  }
  return server;
}

describe.each(['sqlite', 'redis'] as const)('puzzle routes (%s)', (mode) => {
  const run = mode === 'redis' && skip ? it.skip : it;
  let server: TestServer;
  beforeAll(async () => {
    if (mode === 'redis' && skip) return;
    server = await serverWithPuzzles(mode);
  }, 60_000);
  afterAll(async () => server?.close());

  run('serves a puzzle by id with its position, line, themes, rating and plays', async () => {
    const answer = await request(server.base, 'GET', `/api/puzzles/${FOX_PUZZLE.id}`);
    expect(answer).toEqual({
      status: 200,
      body: {
        puzzle: {
          id: 'foxPzl01',
          variant: 'standard',
          options: { geese: 13, sideways: false },
          position: FOX_PUZZLE.position,
          side: 'fox',
          line: ['a4-b5'],
          themes: ['quiet-move', 'endgame'],
          rating: { rating: 1500, deviation: 300, volatility: 0.09 },
          plays: 0,
        },
      },
    });
  });

  run('serves the next puzzle near the rating, by side and theme', async () => {
    const next = async (query: string) => (await request(server.base, 'GET', `/api/puzzles/next?${query}`)).body;
    expect((await next('rating=2250')).puzzle.id).toBe('hardPzl1');
    expect((await next('rating=1500&side=fox')).puzzle.id).toBe('foxPzl01');
    expect((await next('theme=sacrifice')).puzzle.id).toBe('hardPzl1');
    expect(await next('theme=jump-chain')).toEqual({
      error: { code: 'puzzle-not-found', message: 'no puzzle fits; try another theme or side' },
    });
    const pack = await request(server.base, 'GET', '/api/puzzles/pack?rating=1500&count=5');
    expect(pack.body.puzzles.map((p: { id: string }) => p.id).sort()).toEqual(['foxPzl01', 'geesePz1', 'hardPzl1']);
    const daily = await request(server.base, 'GET', '/api/puzzles/daily');
    expect(daily.status).toBe(200);
    expect(daily.body.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  run('rates an attempt: both ratings move as Glicko-2 says, once per browser', async () => {
    const player = NEW_PLAYER_RATING;
    const first = await request(server.base, 'POST', `/api/puzzles/${GEESE.id}/attempts`, {
      solved: true,
      rating: player,
      browser,
    });
    const expected = rateAttempt(player, GEESE.rating, true);
    expect(first).toEqual({
      status: 200,
      body: { counted: true, player: expected.player, puzzle: expected.puzzle, plays: 1 },
    });
    const again = await request(server.base, 'POST', `/api/puzzles/${GEESE.id}/attempts`, {
      solved: false,
      rating: expected.player,
      browser,
    });
    expect(again.body).toEqual({ counted: false, player: expected.player, puzzle: expected.puzzle, plays: 1 });
    const read = await request(server.base, 'GET', `/api/puzzles/${GEESE.id}`);
    expect(read.body.puzzle).toMatchObject({ rating: expected.puzzle, plays: 1 });
    // The browser's played puzzle is left out of its next ones.
    const next = await request(server.base, 'GET', `/api/puzzles/next?rating=1500&side=geese&browser=${browser}`);
    expect(next.body.puzzle.id).toBe('hardPzl1');
  });

  run.each([
    ['an unknown puzzle', 'GET', '/api/puzzles/nosuchid', undefined, 404, 'puzzle-not-found'],
    ['a malformed id', 'GET', '/api/puzzles/..%2F..', undefined, 404, 'puzzle-not-found'],
    ['an unknown theme', 'GET', '/api/puzzles/next?theme=fork', undefined, 400, 'bad-request'],
    ['a rating that is no number', 'GET', '/api/puzzles/next?rating=high', undefined, 400, 'bad-request'],
    ['an unknown query field', 'GET', '/api/puzzles/next?level=3', undefined, 400, 'bad-request'],
    ['a pack too big', 'GET', '/api/puzzles/pack?count=500', undefined, 400, 'bad-request'],
    [
      'an attempt without solved',
      'POST',
      '/api/puzzles/foxPzl01/attempts',
      { rating: NEW_PLAYER_RATING },
      400,
      'bad-request',
    ],
    [
      'an attempt with a forged rating',
      'POST',
      '/api/puzzles/foxPzl01/attempts',
      { solved: true, rating: { rating: 9000, deviation: 1, volatility: 5 } },
      400,
      'bad-request',
    ],
    ['an attempt that is not JSON', 'POST', '/api/puzzles/foxPzl01/attempts', '{solved', 400, 'bad-request'],
    [
      'an attempt at an unknown puzzle',
      'POST',
      '/api/puzzles/nosuchid/attempts',
      { solved: true, rating: NEW_PLAYER_RATING },
      404,
      'puzzle-not-found',
    ],
  ])('answers %s with its code', async (_name, method, path, body, status, code) => {
    const answer = await request(server.base, method, path, body);
    expect([answer.status, answer.body.error?.code]).toEqual([status, code]);
    expect((await request(server.base, 'GET', '/api/puzzles/foxPzl01')).body.puzzle.plays).toBe(0);
  });
});

describe('puzzle attempts', () => {
  it('are limited per address', async () => {
    const server = await serverWithPuzzles('sqlite');
    try {
      const codes: number[] = [];
      for (let i = 0; i <= PUZZLE_ATTEMPTS_PER_MINUTE; i++)
        codes.push(
          (
            await request(server.base, 'POST', '/api/puzzles/foxPzl01/attempts', {
              solved: true,
              rating: NEW_PLAYER_RATING,
            })
          ).status,
        );
      expect(codes.filter((c) => c === 200)).toHaveLength(PUZZLE_ATTEMPTS_PER_MINUTE);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('from another site are refused', async () => {
    const server = await serverWithPuzzles('sqlite');
    try {
      const answer = await fetch(`${server.base}/api/puzzles/foxPzl01/attempts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: JSON.stringify({ solved: true, rating: NEW_PLAYER_RATING }),
      });
      expect(answer.status).toBe(403);
    } finally {
      await server.close();
    }
  });
});
