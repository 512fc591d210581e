// The computer's seat with two instances on one real redis-server: exactly one instance thinks for a table (it
// holds the lease `fg:computer:<id>`), the other takes over when the holder stops or is killed, and the lease goes
// back when the game ends.
import { chooseMove } from '@fg/engine';
import type { CreateTableResponse } from '@fg/protocol';
import { type Game, getVariant, newGame, playMoveText } from '@fg/rules';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { computerLeaseKey, connectRedis, tableKeys } from '../store/redis/redis-keys.js';
import { request, startServer, type TestClient, type TestServer } from '../testing/harness.js';
import { joinAt, startInstances } from '../testing/instances.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';
import type { ThinkAnswer, ThinkTask } from './think.js';
import { ThinkPool } from './think-pool.js';

const skip = systemProgramSkipReason();
if (skip) console.warn(`computer lease tests skipped: ${skip}`);
let redis: Awaited<ReturnType<typeof startRedis>>;
let client: Redis;

beforeAll(async () => {
  if (skip) return;
  redis = await startRedis();
  client = connectRedis(redis.url);
}, 60_000);

afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

/** The real pool, counting the moves it is asked to think. */
class CountingPool extends ThinkPool {
  moves = 0;
  override async run(task: ThinkTask): Promise<ThinkAnswer> {
    if (task.kind === 'move') this.moves++;
    return super.run(task);
  }
}

/** An instance in this process on the shared Redis, with its own counted threads. */
async function instance(computerAloneMs?: number): Promise<{ server: TestServer; pool: CountingPool }> {
  const pool = new CountingPool(1);
  const deps = { thinkPool: pool, ...(computerAloneMs ? { computerAloneMs } : {}) };
  const server = await startServer({ redisUrl: redis.url, computerThinkMs: 30 }, deps);
  return { server, pool };
}

/** A computer table created at `at`: the human is the fox (who moves first), the computer the geese. */
async function computerTable(at: { url: string }): Promise<CreateTableResponse> {
  const created = await request(at.url, 'POST', '/api/tables', {
    variant: 'standard',
    side: 'fox',
    computer: { level: 2 },
  });
  expect(created.status).toBe(201);
  return created.body as CreateTableResponse;
}

/** Plays the human's move and waits for the computer's answer; returns the game after both. */
async function round(human: TestClient, game: Game, withinMs = 15_000): Promise<Game> {
  const ply = game.moves.length;
  human.send({ type: 'move', ply, path: chooseMove(game, { level: 1, seed: ply + 1 }).points });
  for (const at of [ply, ply + 1]) {
    const moved = await human.next('moved', (m) => m.ply === at, withinMs);
    const next = playMoveText(game, moved.move);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return game;
}

const start = (): Game => {
  const variant = getVariant('standard', {});
  if (!variant.ok) throw new Error(variant.error.message);
  return newGame(variant.value);
};

describe.skipIf(skip !== null)('the computer on two instances over one Redis', () => {
  it('only the lease holder thinks while both run; the other plays on once the holder stops; the lease goes back at the end', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      const created = await computerTable({ url: a.server.base });
      const id = created.table.id;
      // The human plays through B, where a computer seat of its own sits down too, and waits for the lease.
      const human = await joinAt({ url: b.server.base }, id, created.seat.token);
      let game = start();
      for (let i = 0; i < 4; i++) game = await round(human, game);
      expect([a.pool.moves, b.pool.moves]).toEqual([4, 0]);
      expect(await client.pttl(computerLeaseKey(id))).toBeGreaterThan(0);
      expect(human.all('error')).toEqual([]);

      // A stops (its lease given back): B's computer seat takes over and answers the next move.
      await a.server.close();
      game = await round(human, game);
      expect(b.pool.moves).toBe(1);
      game = await round(human, game);
      expect([a.pool.moves, b.pool.moves]).toEqual([4, 2]);

      human.send({ type: 'resign' });
      await human.next('ended', () => true, 10_000);
      for (let waited = 0; (await client.exists(computerLeaseKey(id))) && waited < 5000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await client.exists(computerLeaseKey(id))).toBe(0);
      expect(game.moves).toHaveLength(12);
      await human.close();
    } finally {
      await Promise.all([a.server.close().catch(() => undefined), b.server.close()]);
    }
  }, 90_000);

  it('leaves a game everyone left on every instance for good, and plays on when the player is back', async () => {
    // Longer than presence takes to reach every instance (at most 250 ms apart), short for a test.
    const [a, b] = [await instance(600), await instance(600)];
    try {
      const created = await computerTable({ url: a.server.base });
      const id = created.table.id;
      const human = await joinAt({ url: b.server.base }, id, created.seat.token);
      let game = await round(human, start());
      await human.close();
      // Each instance's computer seat reports its connection at the table until it leaves.
      const seated = async (): Promise<number> => client.hlen(tableKeys(id).presence);
      for (let waited = 0; (await seated()) > 0 && waited < 10_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      // Gone for good: no instance seats its computer again at the others' leaving.
      for (let i = 0; i < 25; i++) {
        expect([await seated(), await client.exists(computerLeaseKey(id))]).toEqual([0, 0]);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const back = await joinAt({ url: a.server.base }, id, created.seat.token);
      game = await round(back, game);
      expect(game.moves).toHaveLength(4);
      expect(a.pool.moves + b.pool.moves).toBe(2);
      await back.close();
    } finally {
      await Promise.all([a.server.close(), b.server.close()]);
    }
  }, 60_000);

  it('another instance takes over the computer when its instance is killed, once the lease runs out', async () => {
    const [a, b] = await startInstances(redis.url, 2, { COMPUTER_THINK_MS: '30', COMPUTER_THREADS: '1' });
    try {
      const created = await computerTable(a!);
      const human = await joinAt(b!, created.table.id, created.seat.token);
      let game = await round(human, start());
      await a!.kill();
      const killedAt = Date.now();
      // The lease of the dead instance lasts up to 10 s; B asks every 3 s.
      game = await round(human, game, 30_000);
      expect(Date.now() - killedAt).toBeLessThan(25_000);
      game = await round(human, game);
      expect(game.moves).toHaveLength(6);
      expect(await client.get(computerLeaseKey(created.table.id))).not.toBeNull();
      await human.close();
    } finally {
      await Promise.all([a!.stop(), b!.stop()]);
    }
  }, 90_000);
});
