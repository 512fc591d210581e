// The explorer's read latency with many games indexed: fills the index of each store (SQLite, then Redis from
// Debian's redis-server) with random games of the standard 13-geese game through the index's own `addAll` (as the backfill does), starts the
// server on it and times `GET /api/explorer/standard` over HTTP for positions the games reached (most of them deep,
// some near the start where every game passes), through the route in process. Prints per store the fill time, Redis's
// memory a game (INFO memory before and after the fill) and p50/p99/max of each read's wall time and of this
// process's CPU time (the wall time on a loaded machine is mostly waiting for a core); the target is wall p99 <= 20 ms
// with 100,000 games. Run: tsx apps/server/bench/explorer.ts [--quick] [--games N] [--stores sqlite,redis]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { getVariant, makeMoveText, makePosition, newGame, playPath } from '@fg/rules';
import { Redis } from 'ioredis';

import { buildApp } from '../src/app.js';
import { openBackend } from '../src/backend.js';
import { loadConfig } from '../src/config.js';
import { indexedGame } from '../src/explorer/explorer-index.js';
import type { StoredTable } from '../src/tables/store.js';
import { startRedis, systemProgramSkipReason } from '../src/testing/redis-process.js';
import { summarize } from './stats.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    games: { type: 'string' },
    stores: { type: 'string', default: 'sqlite,redis' },
  },
  allowPositionals: true,
});
const GAMES = Number(values.games ?? (values.quick ? 10_000 : 100_000));
const READS = values.quick ? 500 : 3_000;
const TARGET_P99_MS = 20;

/** A seeded generator (mulberry32), so every run indexes the same games. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const variant = (() => {
  const v = getVariant('standard', { geese: 13 });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();

/**
 * `count` random games as stored tables: players favour the first few legal moves (as real openings repeat), play
 * 10-80 plies and end by the rules or by a resignation; every 4th game is against the computer. Also returns
 * positions to read: one per game, at a random ply.
 */
function randomGames(count: number): { tables: StoredTable[]; positions: string[] } {
  const next = random(40);
  const tables: StoredTable[] = [];
  const positions: string[] = [];
  for (let i = 0; i < count; i++) {
    let game = newGame(variant);
    const length = 10 + Math.floor(next() * 70);
    const probe = Math.floor(next() * length);
    const moves: string[] = [];
    while (game.legal.length > 0 && moves.length < length) {
      if (moves.length === probe) positions.push(makePosition(variant.board, game.position));
      const pick = Math.min(game.legal.length - 1, Math.floor(next() ** 3 * game.legal.length));
      const path = game.legal[pick]!;
      moves.push(makeMoveText(variant.board, path));
      const played = playPath(game, path);
      if (!played.ok) throw new Error(played.error.message);
      game = played.value;
    }
    const winner = game.result ? game.result.winner : next() < 0.5 ? 'fox' : 'geese';
    tables.push({
      id: `bench${String(i).padStart(7, '0')}`,
      variant: 'standard',
      options: { geese: 13, sideways: false },
      seats: { fox: 'f', geese: 'g' },
      moves,
      result: { winner, reason: game.result ? 'fox-trapped' : 'resignation' },
      rematch: null,
      createdAt: 0,
      computer: i % 4 === 0 ? { side: 'geese', level: 3, token: 't' } : null,
    });
  }
  return { tables, positions };
}

/** Redis's used_memory (bytes, INFO memory), read on a connection of its own. */
async function redisMemory(url: string): Promise<number> {
  const redis = new Redis(url);
  try {
    const info = await redis.info('memory');
    return Number(/^used_memory:(\d+)/m.exec(info)?.[1] ?? Number.NaN);
  } finally {
    redis.disconnect();
  }
}

/** Fills the store's index, starts the server on it and reads; returns the read latencies in ms. */
async function measure(
  name: string,
  settings: { dataDir: string; redisUrl?: string },
  games: ReturnType<typeof randomGames>,
) {
  const config = loadConfig(
    {},
    {
      dataDir: settings.dataDir,
      redisUrl: settings.redisUrl ?? null,
      solutionDir: join(settings.dataDir, 'none'),
      solve: false,
      logLevel: 'silent',
      port: 0,
      host: '127.0.0.1',
      webDir: join(settings.dataDir, 'no-web'),
    },
  );
  const memoryBefore = settings.redisUrl ? await redisMemory(settings.redisUrl) : 0;
  const backend = openBackend(config, { onError: () => undefined });
  const filling = Date.now();
  // As the backfill adds them: a thousand games a call (one SQLite transaction; pipelines of scripts in Redis).
  for (let from = 0; from < games.tables.length; from += 1_000) {
    await backend.explorer.addAll(games.tables.slice(from, from + 1_000).map((table) => indexedGame(table)!));
  }
  const fillMs = Date.now() - filling;
  await backend.close();
  const grown = settings.redisUrl ? (await redisMemory(settings.redisUrl)) - memoryBefore : 0;
  const memory = settings.redisUrl
    ? `; Redis used_memory +${(grown / 2 ** 20).toFixed(1)} MiB, ${Math.round(grown / GAMES)} bytes a game`
    : '';

  const app = await buildApp(config);
  await app.ready();
  const base = '/api/explorer/standard?geese=13';
  // Through the whole route (query, rules, index, JSON) in process; each read from its own address, as the route's
  // rate limit (600 a minute an address) is not what is measured.
  const read = async (url: string, i: number) => {
    const answer = await app.inject({ url, remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
    return answer.json<{ games: number; moves: unknown[] }>();
  };
  const next = random(7);
  const samples: number[] = [];
  const cpu: number[] = [];
  let moves = 0;
  for (let i = 0; i < READS + 100; i++) {
    const players = ['all', 'people', 'computer'][i % 3]!;
    const position = games.positions[Math.floor(next() * games.positions.length)]!;
    const url = `${base}&players=${players}&position=${encodeURIComponent(position)}`;
    const started = performance.now();
    const used = process.cpuUsage();
    const answer = await read(url, i);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(used);
    if (!Array.isArray(answer.moves)) throw new Error(`unexpected answer ${JSON.stringify(answer)}`);
    moves += answer.moves.length;
    if (i < 100) continue; // the first reads warm the connection and the JIT
    samples.push(ms);
    cpu.push((user + system) / 1000);
  }
  const start = await read(base, READS + 200);
  await app.close();
  const s = summarize(samples);
  const c = summarize(cpu);
  const verdict = s.p99 <= TARGET_P99_MS ? 'met' : 'MISSED';
  console.log(
    `${name.padEnd(7)} ${GAMES} games indexed in ${(fillMs / 1000).toFixed(1)} s (start position: ${start.games} games)` +
      `${memory}; ${s.count} reads (${(moves / samples.length).toFixed(1)} moves an answer): ` +
      `wall p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(2)} ms; ` +
      `this process's CPU p50 ${c.p50.toFixed(2)} ms, p99 ${c.p99.toFixed(2)} ms, max ${c.max.toFixed(2)} ms; ` +
      `load average ${loadavg()[0]!.toFixed(1)}; target wall p99 <= ${TARGET_P99_MS} ms: ${verdict}`,
  );
}

const games = randomGames(GAMES);
const stores = values.stores.split(',');
const sqliteDir = mkdtempSync(join(tmpdir(), 'fg-bench-explorer-'));
try {
  if (stores.includes('sqlite')) await measure('SQLite', { dataDir: sqliteDir }, games);
} finally {
  rmSync(sqliteDir, { recursive: true, force: true });
}
const skip = systemProgramSkipReason();
if (!stores.includes('redis')) console.log('Redis   not asked for (--stores)');
else if (skip) console.log(`Redis   not measured: ${skip}`);
else {
  const redis = await startRedis();
  const dir = mkdtempSync(join(tmpdir(), 'fg-bench-explorer-'));
  try {
    await measure('Redis', { dataDir: dir, redisUrl: redis.url }, games);
  } finally {
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
