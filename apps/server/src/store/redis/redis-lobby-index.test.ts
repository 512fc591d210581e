// The lobby's Redis index against a real redis-server, as two instances see it (two indexes on their own
// connections): the order of both lists, expiry by age, a late or older write never winning, an ended table
// staying gone, the keys an operator sees, and every write heard by the other instance.
import { LOBBY_WAITING_MS } from '@fg/protocol';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { Lobby } from '../../lobby/lobby.js';
import type { LobbyEntry } from '../../lobby/lobby-index.js';
import { startRedis, systemProgramSkipReason } from '../../testing/redis-process.js';
import { connectRedis, LOBBY_PLAYING_KEY, LOBBY_WAITING_KEY } from './redis-keys.js';
import { RedisLobbyIndex } from './redis-lobby-index.js';

const skip = systemProgramSkipReason();
if (skip) console.warn(`Redis lobby tests skipped: ${skip}`);
let redis: Awaited<ReturnType<typeof startRedis>>;
const connections: Redis[] = [];
let a: RedisLobbyIndex;
let b: RedisLobbyIndex;

/** An index of one instance: a command connection and a subscriber of its own. */
function instance(): RedisLobbyIndex {
  const [command, subscriber] = [connectRedis(redis.url), connectRedis(redis.url, { enableAutoPipelining: false })];
  connections.push(command, subscriber);
  // One test stops redis-server for a while: the lost connections are expected.
  for (const connection of [command, subscriber]) connection.on('error', () => undefined);
  return new RedisLobbyIndex(command, subscriber, { keepMs: 86_400_000, onError: () => undefined });
}

beforeAll(async () => {
  if (skip) return;
  redis = await startRedis();
  [a, b] = [instance(), instance()];
}, 60_000);

afterAll(async () => {
  for (const connection of connections) connection.disconnect();
  await redis?.stop();
});

beforeEach(async () => {
  if (!skip) await connections[0]!.flushall();
});

const NOW = Date.parse('2026-05-01T12:00:00.000Z');

/** A listed table's entry: waiting with the fox seat free unless `spectators` or `playing` say otherwise. */
function entry(id: string, createdAt: number, extra: { playing?: boolean; spectators?: number; ply?: number } = {}) {
  const computer = id.startsWith('computer');
  return {
    id,
    status: extra.playing || computer ? 'playing' : 'waiting',
    computer,
    createdAt,
    table: {
      id,
      variant: 'standard',
      options: { geese: 13, sideways: false },
      ...(extra.playing || computer ? {} : { freeSide: 'fox' as const }),
      ply: extra.ply ?? 0,
      spectators: extra.spectators ?? 0,
      ...(computer ? { computer: 3 } : {}),
    },
  } satisfies LobbyEntry;
}

const ids = (list: readonly { id: string }[]): string[] => list.map((t) => t.id);

describe.skipIf(skip !== null)('RedisLobbyIndex', () => {
  it('lists waiting tables newest first (then by id) and playing ones most watched, then newest, then by id', async () => {
    const puts = [
      entry('w-old', NOW - 3000),
      entry('w-b', NOW - 1000),
      entry('w-a', NOW - 1000),
      entry('w-new', NOW),
      entry('p-quiet-old', NOW - 5000, { playing: true }),
      entry('p-quiet-new', NOW - 10, { playing: true }),
      entry('p-watched', NOW - 9000, { playing: true, spectators: 3 }),
      entry('p-z', NOW - 100, { playing: true, spectators: 1 }),
      entry('p-y', NOW - 100, { playing: true, spectators: 1 }),
      entry('computer-1', NOW - 50),
    ];
    for (const [i, put] of puts.entries()) await (i % 2 ? a : b).put(put, NOW);
    const listed = await b.list(NOW);
    expect(ids(listed.waiting)).toEqual(['w-new', 'w-a', 'w-b', 'w-old']);
    expect(ids(listed.playing)).toEqual(['p-watched', 'p-y', 'p-z', 'p-quiet-new', 'computer-1', 'p-quiet-old']);
    expect(listed.waiting[3]).toEqual({ ...entry('w-old', 0).table, createdAt: '2026-05-01T11:59:57.000Z' });
    expect(listed.playing[4]).toMatchObject({ id: 'computer-1', computer: 3 });
    expect(await a.list(NOW)).toEqual(listed);
  });

  it('lets a waiting table leave after 30 minutes for good; once in play it is listed again', async () => {
    await a.put(entry('stale', NOW - LOBBY_WAITING_MS + 1000), NOW);
    await a.put(entry('fresh', NOW), NOW);
    expect(await b.nextExpiry()).toBe(NOW + 1000);
    expect(ids((await b.list(NOW + 999)).waiting)).toEqual(['fresh', 'stale']);
    expect(ids((await b.list(NOW + 1000)).waiting)).toEqual(['fresh']);
    expect(await connections[0]!.zrange(LOBBY_WAITING_KEY, '0', '-1')).toEqual(['fresh']);
    expect(await b.nextExpiry()).toBe(NOW + LOBBY_WAITING_MS);
    // A spectator joins it later: still waiting, and too old to list.
    await a.put(entry('stale', NOW - LOBBY_WAITING_MS + 1000, { spectators: 1 }), NOW + 2000);
    expect(ids((await b.list(NOW + 2000)).waiting)).toEqual(['fresh']);
    await a.put(entry('stale', NOW - LOBBY_WAITING_MS + 1000, { playing: true }), NOW + 3000);
    expect(ids((await b.list(NOW + 3000)).playing)).toEqual(['stale']);
    await a.remove('fresh');
    expect(await b.nextExpiry()).toBeNull();
  });

  it.each([
    ['an older ply', entry('t', NOW, { playing: true, ply: 4 }), entry('t', NOW, { playing: true, ply: 3 }), 4],
    ['waiting after playing', entry('t', NOW, { playing: true }), entry('t', NOW), 0],
    [
      'other spectators at the same ply',
      entry('t', NOW, { playing: true }),
      entry('t', NOW, { playing: true, spectators: 2 }),
      0,
    ],
  ])('a late write of %s: only a state as far as the stored one replaces it', async (name, first, late, ply) => {
    await a.put(first, NOW);
    await b.put(late, NOW);
    const { waiting, playing } = await a.list(NOW);
    expect(waiting).toEqual([]);
    expect(playing).toHaveLength(1);
    expect(playing[0]).toMatchObject({ ply, spectators: name.startsWith('other') ? 2 : 0 });
  });

  it('keeps an ended table out: a late write of another instance does not list it again', async () => {
    await a.put(entry('ended', NOW, { playing: true }), NOW);
    await a.remove('ended');
    await b.put(entry('ended', NOW, { playing: true, ply: 9 }), NOW);
    expect(await b.list(NOW)).toEqual({ waiting: [], playing: [] });
    expect(await connections[0]!.zcard(LOBBY_PLAYING_KEY)).toBe(0);
  });

  it('drops a listed table whose entry expired (nobody wrote it for the keeping time)', async () => {
    await a.put(entry('kept', NOW, { playing: true }), NOW);
    await a.put(entry('expired', NOW, { playing: true }), NOW);
    await connections[0]!.del('fg:{lobby}:t:expired');
    expect(ids((await b.list(NOW)).playing)).toEqual(['kept']);
    expect(await connections[0]!.zrange(LOBBY_PLAYING_KEY, '0', '-1')).toEqual(['kept']);
  });

  it('tells the other instance of every write and removal', async () => {
    let heard = 0;
    const stop = b.watch(() => heard++);
    await a.put(entry('told', NOW), NOW);
    await a.remove('told');
    for (let waited = 0; heard < 2 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    stop();
    expect(heard).toBe(2);
  });

  it('a Lobby keeps a change made while Redis is away, writes it once Redis is back, and its feed shows it', async () => {
    const errors: string[] = [];
    const lobby = new Lobby(instance(), { onError: (_error, what) => errors.push(what) });
    const sent: string[] = [];
    lobby.subscribe((json) => sent.push(json), JSON.stringify({ waiting: [], playing: [] }));
    try {
      await redis.kill();
      const seats = { fox: 'hash-fox', geese: null };
      const stored = { id: 'kept-1', variant: 'standard', options: {}, seats, moves: [], result: null, rematch: null };
      lobby.changed({
        stored: { ...stored, createdAt: Date.now(), listed: true },
        spectators: 0,
        connected: 1,
        computerConnections: 0,
      });
      await expect(lobby.list()).rejects.toThrow();
      expect(errors).toContain('lobby write');
      await redis.restart();
      for (let waited = 0; !sent.some((json) => json.includes('kept-1')) && waited < 15_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ids((await lobby.list()).waiting)).toEqual(['kept-1']);
      expect(ids((JSON.parse(sent.at(-1)!) as { waiting: { id: string }[] }).waiting)).toEqual(['kept-1']);
    } finally {
      lobby.close();
    }
  }, 30_000);
});
