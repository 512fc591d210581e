// The Redis store and bus against a real redis-server: the keys an operator sees, the compare-and-set on the ply,
// the event published by the same script as each write, finished tables expiring, and readiness that tells the truth.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { StoredTable } from '../../tables/store.js';
import { StoreUnavailable } from '../../tables/store-unavailable.js';
import { startRedis, systemProgramSkipReason } from '../../testing/redis-process.js';
import { storedTable } from '../../testing/store-fixtures.js';
import { unavailableOnFailure } from '../storage-errors.js';
import { RedisBus } from './redis-bus.js';
import { connectRedis, tableKeys } from './redis-keys.js';
import { RedisStore } from './redis-store.js';

const skip = systemProgramSkipReason();
if (skip) console.warn(`Redis store tests skipped: ${skip}`);
let redis: Awaited<ReturnType<typeof startRedis>>;
let client: Redis;
let listener: Redis;
let store: RedisStore;
let bus: RedisBus;

beforeAll(async () => {
  if (skip) return;
  redis = await startRedis();
  client = connectRedis(redis.url);
  listener = connectRedis(redis.url);
  // The readiness test kills redis-server: the lost connections are expected, not unhandled.
  for (const connection of [client, listener]) connection.on('error', () => undefined);
  bus = new RedisBus(client, listener, () => undefined);
  store = new RedisStore(client, { instance: bus.instance, keepFinishedDays: 30, subscriber: listener });
}, 60_000);

afterAll(async () => {
  await bus?.close();
  client?.disconnect();
  await redis?.stop();
});

let count = 0;
const table = (fields: Partial<StoredTable> = {}): StoredTable => storedTable(`redis-test-${count++}`, fields);

/** The messages published on a table's channel while `action` runs. */
async function published(id: string, action: () => Promise<unknown>): Promise<unknown[]> {
  const watcher = new Redis(redis.url);
  const heard: unknown[] = [];
  watcher.on('message', (_channel: string, text: string) => heard.push(JSON.parse(text)));
  await watcher.subscribe(tableKeys(id).channel);
  await action();
  await new Promise((resolve) => setTimeout(resolve, 100));
  watcher.disconnect();
  return heard;
}

/** How many script calls redis-server has run (ioredis sends a script's first call on a connection as EVAL). */
async function scriptCalls(): Promise<number> {
  const stats = await client.info('commandstats');
  const calls = (name: string): number => Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
  return calls('eval') + calls('evalsha');
}

describe.skipIf(skip !== null)('redis store', () => {
  it('keeps a table as a hash and its moves as a list, as an operator would look for them', async () => {
    const stored = table({
      moves: ['d4-d5'],
      clock: { initial: 300, increment: 3 },
      seatedAt: { fox: 1000, geese: 1200 },
      moveTimes: [1500],
      endedAt: null,
      listed: true,
      computer: { side: 'geese', level: 8, token: 't'.repeat(24) },
    });
    await store.insertTable(stored);
    const keys = tableKeys(stored.id);
    expect(await client.hgetall(keys.table)).toEqual({
      variant: 'standard',
      options: '{"geese":13,"sideways":false}',
      createdAt: '1000',
      fox: 'hash-fox',
      geese: 'hash-geese',
      clock: '{"initial":300,"increment":3}',
      'seatedAt:fox': '1000',
      'seatedAt:geese': '1200',
      listed: '1',
      computer: '{"side":"geese","level":8,"token":"tttttttttttttttttttttttt"}',
    });
    expect(await client.lrange(keys.moves, 0, -1)).toEqual(['d4-d5']);
    expect(await client.lrange(keys.times, 0, -1)).toEqual(['1500']);
    expect(await store.loadTable(stored.id)).toEqual(stored);
    expect(await store.loadTable('no-such-table')).toBeNull();
  });

  it('appends a move only while the ply matches, and publishes it with the write, once', async () => {
    const stored = table();
    await store.insertTable(stored);
    const heard = await published(stored.id, async () => {
      expect(await store.appendMove(stored.id, 0, 'd4-d5', null, 2000)).toBe(true);
      expect(await store.appendMove(stored.id, 0, 'd4-c4', null, 2001)).toBe(false);
      expect(await store.appendMove(stored.id, 2, 'c3-c4', null, 2002)).toBe(false);
    });
    expect(heard).toEqual([{ origin: bus.instance, type: 'moved', ply: 0, move: 'd4-d5', result: null, at: 2000 }]);
    // A game both players left for good expires the keeping time after its last move.
    expect(await client.pttl(tableKeys(stored.id).moves)).toBeGreaterThan(29 * 86_400_000);
    expect((await store.loadTable(stored.id))!.moves).toEqual(['d4-d5']);
  });

  it('of moves for one ply sent at once, stores exactly one', async () => {
    const stored = table();
    await store.insertTable(stored);
    const answers = await Promise.all(
      ['d4-d5', 'd4-c4', 'd4-e4', 'd4-d3'].map((move) => store.appendMove(stored.id, 0, move, null)),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect((await store.loadTable(stored.id))!.moves).toHaveLength(1);
  });

  it('sends the moves of many tables asked at once as one script call, each its own compare-and-set', async () => {
    const [a, b, c] = [table(), table(), table()];
    for (const t of [a, b, c]) await store.insertTable(t);
    const result = { winner: 'geese', reason: 'fox-trapped' } as const;
    const before = await scriptCalls();
    const heard = await published(a.id, async () => {
      const answers = await Promise.all([
        store.appendMove(a.id, 0, 'd4-d5', null, 3000),
        store.appendMove(b.id, 1, 'c3-c4', null, 3001), // b has no move yet: refused
        store.appendMove(a.id, 1, 'c3-c4', null, 3002), // after a's first, in the same call: stored
        store.appendMove(c.id, 0, 'd4-d5', result, 3003), // ends c's game
      ]);
      expect(answers).toEqual([true, false, true, true]);
    });
    expect((await scriptCalls()) - before).toBe(1);
    expect(heard).toEqual([
      { origin: bus.instance, type: 'moved', ply: 0, move: 'd4-d5', result: null, at: 3000 },
      { origin: bus.instance, type: 'moved', ply: 1, move: 'c3-c4', result: null, at: 3002 },
    ]);
    expect((await store.loadTable(a.id))!).toMatchObject({ moves: ['d4-d5', 'c3-c4'], moveTimes: [3000, 3002] });
    expect((await store.loadTable(b.id))!.moves).toEqual([]);
    expect((await store.loadTable(c.id))!).toMatchObject({ moves: ['d4-d5'], result, endedAt: 3003 });
    expect((await store.listUnfinished()).map((t) => t.id)).not.toContain(c.id);
  });

  it('sends a backlog of moves as calls of at most 256, in the order asked', async () => {
    const stored = table();
    await store.insertTable(stored);
    const before = await scriptCalls();
    const plies = Array.from({ length: 300 }, (_, ply) => ply);
    const answers = await Promise.all(plies.map((ply) => store.appendMove(stored.id, ply, `m${ply}`, null, ply)));
    expect(answers.every(Boolean)).toBe(true);
    expect((await scriptCalls()) - before).toBe(2);
    expect((await store.loadTable(stored.id))!.moves).toEqual(plies.map((ply) => `m${ply}`));
  });

  it('finishes a game only at the ply it was decided on (a move stored meanwhile wins)', async () => {
    const stored = table();
    await store.insertTable(stored);
    expect(await store.appendMove(stored.id, 0, 'd4-d5', null, 100)).toBe(true);
    const timeout = { winner: 'geese', reason: 'timeout' } as const;
    expect(await store.finish(stored.id, 0, timeout, 200)).toBe(false);
    expect(await store.finish(stored.id, 2, timeout, 200)).toBe(false);
    expect(await store.loadTable(stored.id)).toMatchObject({ moves: ['d4-d5'], result: null });
    expect(await store.finish(stored.id, 1, timeout, 200)).toBe(true);
    expect(await store.loadTable(stored.id)).toMatchObject({ moves: ['d4-d5'], result: timeout, endedAt: 200 });
  });

  it('finishes once, and a finished table expires after the days it is kept', async () => {
    const stored = table();
    await store.insertTable(stored);
    const result = { winner: 'fox', reason: 'resignation' } as const;
    expect(await store.finish(stored.id, 0, result)).toBe(true);
    expect(await store.finish(stored.id, 0, { winner: null, reason: 'draw-agreed' })).toBe(false);
    expect(await store.appendMove(stored.id, 0, 'd4-d5', null)).toBe(false);
    const ttl = await client.pttl(tableKeys(stored.id).table);
    expect(ttl).toBeGreaterThan(29 * 86_400_000);
    expect(ttl).toBeLessThanOrEqual(30 * 86_400_000);
    expect((await store.listUnfinished()).map((t) => t.id)).not.toContain(stored.id);
    expect((await store.loadTable(stored.id))!.result).toEqual(result);
  });

  it('takes a free seat once, and removes only old tables still waiting', async () => {
    const waiting = table({ seats: { fox: 'hash-fox', geese: null }, createdAt: 500 });
    const seated = table({ seats: { fox: 'hash-fox', geese: null }, createdAt: 600 });
    const young = table({ seats: { fox: null, geese: 'hash-geese' }, createdAt: 5000 });
    for (const t of [waiting, seated, young]) await store.insertTable(t);
    expect(await store.takeSeat(seated.id, 'geese', 'hash-2')).toBe(true);
    expect(await store.takeSeat(seated.id, 'geese', 'hash-3')).toBe(false);
    expect(await store.removeWaiting(1000)).toEqual([waiting.id]);
    expect(await store.loadTable(waiting.id)).toBeNull();
    expect(await store.loadTable(seated.id)).not.toBeNull();
    expect(await store.loadTable(young.id)).not.toBeNull();
  });

  it('grants a lease to one instance at a time, and a rematch pair to exactly one request', async () => {
    expect(await bus.lease('clock:t1', 5_000)).toBe(true);
    expect(await bus.lease('clock:t1', 5_000)).toBe(true); // renewed by its holder
    await client.set('fg:lease:clock:t2', 'another-instance', 'PX', 5_000);
    expect(await bus.lease('clock:t2', 5_000)).toBe(false);
    const asks = await Promise.all([bus.askRematch('t3', 'fox', 'a'), bus.askRematch('t3', 'geese', 'b')]);
    expect(asks.filter((a) => a.added && a.asks.fox && a.asks.geese)).toHaveLength(1);
    expect(await bus.askRematch('t3', 'fox', 'c')).toEqual({ added: false, asks: { fox: 'a', geese: 'b' } });
  });

  it("keeps this instance's presence at a table with the keeping time, publishes it, and drops it once empty", async () => {
    const id = 'presence-table';
    const keys = tableKeys(id);
    const here = { fox: 1, geese: 0, spectators: 2, left: { fox: 0, geese: 1500 }, serial: 1 };
    const heard = await published(id, () => bus.setPresence(id, here));
    expect(heard).toEqual([{ origin: bus.instance, type: 'presence', ply: -1, presence: here }]);
    expect(await client.hgetall(keys.presence)).toEqual({ [bus.instance]: JSON.stringify(here) });
    expect(await client.pttl(keys.presence)).toBeGreaterThan(86_400_000);
    expect((await bus.shared(id)).presence).toEqual(new Map([[bus.instance, here]]));
    const gone = { fox: 0, geese: 0, spectators: 0, left: { fox: 2000, geese: 1500 }, serial: 2 };
    const heardGone = await published(id, () => bus.setPresence(id, gone));
    expect(heardGone).toEqual([{ origin: bus.instance, type: 'presence', ply: -1, presence: gone }]);
    expect(await client.hgetall(keys.presence)).toEqual({});
  });

  it('is not ready while redis-server is down, and ready again once it is back', async () => {
    expect(await store.readiness()).toEqual({ ready: true });
    await redis.kill();
    const down = await store.readiness();
    expect(down.ready).toBe(false);
    expect(down.reason).toMatch(/redis/);
    // Meanwhile a read rejects as the authority expects of any store that failed: with StoreUnavailable.
    const failing = await unavailableOnFailure(store, 'redis')
      .loadTable('V1StGXR8_Z5j')
      .catch((error: unknown) => error);
    expect(failing).toBeInstanceOf(StoreUnavailable);
    expect((failing as Error).message).toMatch(/^redis: /);
    // Moves asked together fail together, and promptly: none waits for ever on a batch that went nowhere.
    const moves = await Promise.allSettled(['a', 'b'].map((id) => store.appendMove(id, 0, 'd4-d5', null)));
    expect(moves.map((move) => move.status)).toEqual(['rejected', 'rejected']);
    await redis.restart();
    for (let waited = 0; !(await store.readiness()).ready && waited < 15_000; waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await store.readiness()).toEqual({ ready: true });
    const after = table();
    await store.insertTable(after);
    expect(await store.appendMove(after.id, 0, 'd4-d5', null)).toBe(true); // the batch goes again
  }, 30_000);
});
