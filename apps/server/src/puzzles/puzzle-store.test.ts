// The puzzle store's three adapters against the same cases: memory, an SQLite file and a real redis-server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Puzzle } from '@fg/puzzles';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MemoryPuzzleStore } from '../store/memory/memory-puzzles.js';
import { connectRedis } from '../store/redis/redis-keys.js';
import { RedisPuzzleStore } from '../store/redis/redis-puzzles.js';
import { SqlitePuzzleStore } from '../store/sqlite/sqlite-puzzles.js';
import { storedPuzzle } from '../testing/puzzle-fixtures.js';
import { type RedisProcess, startRedis, systemProgramSkipReason } from '../testing/redis-process.js';
import type { PuzzleStore } from './puzzle-store.js';

const skip = systemProgramSkipReason();
let redis: RedisProcess | null = null;
let client: Redis | null = null;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'puzzle-store-'));
  if (skip) return;
  redis = await startRedis('no');
  client = connectRedis(redis.url);
}, 60_000);

afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
  rmSync(folder, { recursive: true, force: true });
});

let made = 0;
/** A new, empty store of each kind (the Redis ones on their own database number... by key prefix of fresh ids). */
const kinds: [string, () => PuzzleStore][] = [
  ['memory', () => new MemoryPuzzleStore(() => 0)],
  ['sqlite', () => new SqlitePuzzleStore(join(folder, String(made++)), () => 0)],
  ['redis', () => new RedisPuzzleStore(client!, () => 0)],
];

/** A geese count no other test of this run uses, so the Redis stores' keys never meet. */
let geese = 100;

describe.each(kinds)('%s puzzle store', (kind, open) => {
  const run = kind === 'redis' && skip ? it.skip : it;
  const fresh = async (): Promise<{ store: PuzzleStore; g: number; puzzles: Puzzle[]; id: (n: number) => string }> => {
    const store = open();
    const g = geese++;
    const id = (n: number): string => `${g}aaaa${n}`; // ids are global in Redis: each test has its own
    const puzzles = [
      storedPuzzle(id(1), { geese: g, rating: { rating: 1000, deviation: 300, volatility: 0.09 } }),
      storedPuzzle(id(2), {
        geese: g,
        side: 'fox',
        themes: ['jump-chain'],
        rating: { rating: 1450, deviation: 300, volatility: 0.09 },
      }),
      storedPuzzle(id(3), { geese: g, rating: { rating: 1550, deviation: 300, volatility: 0.09 } }),
      storedPuzzle(id(4), { geese: g, rating: { rating: 2400, deviation: 300, volatility: 0.09 } }),
    ];
    expect(await store.add(puzzles)).toBe(4);
    return { store, g, puzzles, id };
  };

  run('adds each puzzle once and reads it back whole', async () => {
    const { store, g, puzzles, id } = await fresh();
    expect(await store.add([puzzles[0]!, storedPuzzle(id(5), { geese: g })])).toBe(1);
    expect(await store.get(id(2))).toEqual(puzzles[1]);
    expect(await store.get('nosuchid')).toBeNull();
    await store.close();
  });

  run('serves the nearest window that has a puzzle, by side and theme', async () => {
    const { store, g, id } = await fresh();
    const next = async (query: object) => (await store.next({ geese: g, rating: 1500, ...query }))?.id ?? null;
    // Random 0 picks the lowest-rated of the window: the window of ±100 around 1500 holds 1450 and 1550.
    expect(await next({})).toBe(id(2));
    expect(await next({ side: 'geese' })).toBe(id(3));
    expect(await next({ rating: 2300 })).toBe(id(4));
    expect(await next({ rating: 400, side: 'geese' })).toBe(id(1));
    expect(await next({ theme: 'jump-chain', side: 'fox' })).toBe(id(2));
    expect(await next({ theme: 'jump-chain', side: 'geese' })).toBeNull();
    expect(await store.next({ geese: g + 1000, rating: 1500 })).toBeNull();
    await store.close();
  });

  run('counts an attempt once per browser, rates it, and leaves played puzzles out of the next', async () => {
    const { store, g, id } = await fresh();
    const rate = (p: Puzzle) => ({ ...p.rating, rating: p.rating.rating + 10 });
    const first = await store.attempt(id(3), 'browser-one-1234', rate);
    expect(first?.counted).toBe(true);
    expect(first?.puzzle.rating.rating).toBe(1560);
    expect(first?.puzzle.plays).toBe(1);
    const again = await store.attempt(id(3), 'browser-one-1234', rate);
    expect(again).toEqual({ counted: false, puzzle: first!.puzzle });
    expect((await store.attempt(id(3), 'browser-two-1234', rate))?.puzzle.plays).toBe(2);
    expect((await store.attempt(id(3), null, rate))?.puzzle.plays).toBe(3);
    expect(await store.attempt('nosuchid', null, rate)).toBeNull();
    expect((await store.get(id(3)))?.rating.rating).toBe(1580);
    // The one geese puzzle near 1500 is played by browser one: the next nearest is served instead.
    expect((await store.next({ geese: g, rating: 1560, side: 'geese', browser: 'browser-one-1234' }))?.id).toBe(id(1));
    await store.close();
  });

  run('grades a puzzle, pages through all in id order and picks one daily puzzle', async () => {
    const { store, g, id } = await fresh();
    await store.grade(id(1), true, { rating: 1900, deviation: 300, volatility: 0.09 });
    expect(await store.get(id(1))).toMatchObject({ level8Missed: true, rating: { rating: 1900 } });
    expect((await store.next({ geese: g, rating: 1900 }))?.id).toBe(id(1));
    expect((await store.page(g, '', 2)).map((p) => p.id)).toEqual([id(1), id(2)]);
    expect((await store.page(g, id(2), 5)).map((p) => p.id)).toEqual([id(3), id(4)]);
    const day = (await store.daily(g, '2026-12-05'))!.id;
    expect((await store.daily(g, '2026-12-05'))!.id).toBe(day);
    expect(await store.daily(g + 1000, '2026-12-05')).toBeNull();
    await store.close();
  });

  run('keeps a build progress', async () => {
    const { store } = await fresh();
    expect(await store.progress(`build-${made}-${kind}`)).toBeNull();
    await store.saveProgress(`build-${made}-${kind}`, '{"games":3}');
    expect(await store.progress(`build-${made}-${kind}`)).toBe('{"games":3}');
    await store.close();
  });
});
