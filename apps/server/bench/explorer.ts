// The explorer's read latency with many games indexed: fills the index of each store (SQLite, then Redis from
// Debian's redis-server) with random games of the standard 13-geese game through the index's own `add`, starts the
// server on it and times `GET /api/explorer/standard` over HTTP for positions the games reached (most of them deep,
// some near the start where every game passes), through the route in process. Prints the fill time and p50/p99/max of the reads per store; the
// target is p99 <= 20 ms with 100,000 games. Run: tsx apps/server/bench/explorer.ts [--quick] [--games N]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { getVariant, makeMoveText, makePosition, newGame, playPath } from '@fg/rules';

import { buildApp } from '../src/app.js';
import { openBackend } from '../src/backend.js';
import { loadConfig } from '../src/config.js';
import { type ExplorerIndex, type IndexedGame, indexedGame } from '../src/explorer/explorer-index.js';
import type { StoredTable } from '../src/tables/store.js';
import { startRedis, systemProgramSkipReason } from '../src/testing/redis-process.js';
import { summarize } from './stats.js';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, games: { type: 'string' } },
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

/** Adds a game, again after a timeout (a loaded machine can outwait Redis's 2 s command timeout; adding is idempotent). */
async function addWithRetries(index: ExplorerIndex, game: IndexedGame, tries = 5): Promise<boolean> {
  for (let i = 1; ; i++) {
    try {
      return await index.add(game);
    } catch (error) {
      if (i >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * i));
    }
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
  const backend = openBackend(config, { onError: () => undefined });
  const filling = Date.now();
  const batch: Promise<boolean>[] = [];
  for (const table of games.tables) {
    batch.push(addWithRetries(backend.explorer, indexedGame(table)!));
    // SQLite's group commit takes many games a transaction; Redis gets a few scripts at a time (each one touches
    // every position of a game, and a long queue would outwait the command timeout on a loaded machine).
    if (batch.length >= (settings.redisUrl ? 16 : 1_000)) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
  const fillMs = Date.now() - filling;
  await backend.close();

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
  let moves = 0;
  for (let i = 0; i < READS + 100; i++) {
    const players = ['all', 'people', 'computer'][i % 3]!;
    const position = games.positions[Math.floor(next() * games.positions.length)]!;
    const url = `${base}&players=${players}&position=${encodeURIComponent(position)}`;
    const started = performance.now();
    const answer = await read(url, i);
    const ms = performance.now() - started;
    if (!Array.isArray(answer.moves)) throw new Error(`unexpected answer ${JSON.stringify(answer)}`);
    moves += answer.moves.length;
    if (i >= 100) samples.push(ms); // the first reads warm the connection and the JIT
  }
  const start = await read(base, READS + 200);
  await app.close();
  const s = summarize(samples);
  const verdict = s.p99 <= TARGET_P99_MS ? 'met' : 'MISSED';
  console.log(
    `${name.padEnd(7)} ${GAMES} games indexed in ${(fillMs / 1000).toFixed(1)} s (start position: ${start.games} games); ` +
      `${s.count} reads: p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(2)} ms ` +
      `(${(moves / samples.length).toFixed(1)} moves an answer); target p99 <= ${TARGET_P99_MS} ms: ${verdict}`,
  );
}

const games = randomGames(GAMES);
const sqliteDir = mkdtempSync(join(tmpdir(), 'fg-bench-explorer-'));
try {
  await measure('SQLite', { dataDir: sqliteDir }, games);
} finally {
  rmSync(sqliteDir, { recursive: true, force: true });
}
const skip = systemProgramSkipReason();
if (skip) console.log(`Redis   not measured: ${skip}`);
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
