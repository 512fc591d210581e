// The lobby with two server instances (child processes) on one real redis-server: a table listed through one is in
// the other's `GET /api/lobby` and live feed without a reload, moves to playing and leaves at its end on both, a
// waiting table leaves both feeds by age, and a feed stays open through a Redis outage and shows changes after it.
import { LOBBY_WAITING_MS, type LobbyResponse, lobbyResponseSchema } from '@fg/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { connectRedis } from '../store/redis/redis-keys.js';
import { RedisLobbyIndex } from '../store/redis/redis-lobby-index.js';
import { request } from '../testing/harness.js';
import { joinAt, startInstances } from '../testing/instances.js';
import { type LobbyFeed, openLobbyFeed } from '../testing/lobby-feed.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';
import type { ServerProcess } from '../testing/server-process.js';

const skip = systemProgramSkipReason();
if (skip) console.warn(`lobby scale-out tests skipped: ${skip}`);
let redis: Awaited<ReturnType<typeof startRedis>>;
let a: ServerProcess;
let b: ServerProcess;
const feeds: LobbyFeed[] = [];

beforeAll(async () => {
  if (skip) return;
  redis = await startRedis();
  [a, b] = (await startInstances(redis.url)) as [ServerProcess, ServerProcess];
}, 120_000);

afterAll(async () => {
  for (const feed of feeds) feed.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

const lobbyAt = async (server: ServerProcess): Promise<LobbyResponse> => {
  const answer = await request(server.url, 'GET', '/api/lobby');
  expect(answer.status).toBe(200);
  return lobbyResponseSchema.parse(answer.body);
};
const feedAt = async (server: ServerProcess): Promise<LobbyFeed> => {
  const feed = await openLobbyFeed(server.url);
  feeds.push(feed);
  return feed;
};
const ids = (list: readonly { id: string }[]): string[] => list.map((t) => t.id);
const has =
  (list: 'waiting' | 'playing', id: string, extra: (t: LobbyResponse['playing'][number]) => boolean = () => true) =>
  (lobby: LobbyResponse): boolean =>
    lobby[list].some((t) => t.id === id && extra(t));

describe.skipIf(skip !== null)('the lobby on two instances over one Redis', () => {
  it('a table listed on A is on B at once, moves to playing when seated on B, is watched on both, and leaves at its end', async () => {
    const [feedA, feedB] = [await feedAt(a), await feedAt(b)];
    const created = await request(a.url, 'POST', '/api/tables', { variant: 'standard', side: 'fox', listed: true });
    expect(created.status).toBe(201);
    const id = created.body.table.id as string;
    const waiting = await feedB.next(has('waiting', id));
    expect(waiting.waiting.find((t) => t.id === id)).toMatchObject({ freeSide: 'geese', ply: 0, spectators: 0 });
    expect(ids((await lobbyAt(b)).waiting)).toContain(id);

    expect((await request(b.url, 'POST', `/api/tables/${id}/seats`, {})).status).toBe(201);
    for (const feed of [feedA, feedB]) await feed.next(has('playing', id));
    for (const server of [a, b]) {
      const now = await lobbyAt(server);
      expect(ids(now.waiting)).not.toContain(id);
      expect(ids(now.playing)).toContain(id);
    }

    // Spectators on both instances count table-wide.
    const watchers = [await joinAt(a, id), await joinAt(b, id)];
    for (const feed of [feedA, feedB]) await feed.next(has('playing', id, (t) => t.spectators === 2));

    const fox = await joinAt(a, id, created.body.seat.token as string);
    fox.send({ type: 'resign' });
    await fox.next('ended', () => true, 10_000);
    for (const feed of [feedA, feedB]) await feed.next((lobby) => !ids(lobby.playing).includes(id));
    for (const server of [a, b]) expect(ids((await lobbyAt(server)).playing)).not.toContain(id);
    await Promise.all([fox.close(), ...watchers.map((w) => w.close())]);
  }, 60_000);

  it('an instance started later lists what the others listed, as it is: the lobby lives in Redis, nothing is rebuilt', async () => {
    const created = await request(a.url, 'POST', '/api/tables', { variant: 'standard', side: 'fox', listed: true });
    const id = created.body.table.id as string;
    expect((await request(b.url, 'POST', `/api/tables/${id}/seats`, {})).status).toBe(201);
    const watcher = await joinAt(b, id);
    const feedA = await feedAt(a);
    await feedA.next(has('playing', id, (t) => t.spectators === 1));
    // A rebuild from the store at start would list it with nobody watching.
    const [late] = await startInstances(redis.url, 1);
    try {
      expect((await lobbyAt(late!)).playing.find((t) => t.id === id)).toMatchObject({ spectators: 1, ply: 0 });
    } finally {
      await Promise.all([late!.stop(), watcher.close()]);
    }
  }, 60_000);

  it('a waiting table leaves the feeds of both instances by age, with no other change', async () => {
    const [feedA, feedB] = [await feedAt(a), await feedAt(b)];
    // Listed as another instance would list a table created almost 30 minutes ago.
    const [command, subscriber] = [connectRedis(redis.url), connectRedis(redis.url)];
    const index = new RedisLobbyIndex(command, subscriber, { keepMs: 60_000, onError: () => undefined });
    const createdAt = Date.now() - LOBBY_WAITING_MS + 6_000;
    const table = {
      id: 'old-table-1',
      variant: 'standard',
      options: {},
      freeSide: 'fox' as const,
      ply: 0,
      spectators: 0,
    };
    await index.put({ id: table.id, status: 'waiting', computer: false, createdAt, table }, Date.now());
    for (const feed of [feedA, feedB]) await feed.next(has('waiting', table.id));
    for (const feed of [feedA, feedB]) await feed.next((lobby) => !ids(lobby.waiting).includes(table.id));
    expect(Date.now()).toBeGreaterThanOrEqual(createdAt + LOBBY_WAITING_MS);
    for (const server of [a, b]) expect(ids((await lobbyAt(server)).waiting)).not.toContain(table.id);
    command.disconnect();
    subscriber.disconnect();
  }, 30_000);

  it('keeps the feed open through a Redis outage (the lobby answers 503 meanwhile) and shows changes after it', async () => {
    const feedB = await feedAt(b);
    await feedB.next();
    await redis.kill();
    const during = await request(b.url, 'GET', '/api/lobby');
    expect([during.status, during.body.error.code]).toEqual([503, 'unavailable']);
    await redis.restart();
    let created = await request(a.url, 'POST', '/api/tables', { variant: 'standard', side: 'geese', listed: true });
    for (let tries = 0; created.status === 503 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      created = await request(a.url, 'POST', '/api/tables', { variant: 'standard', side: 'geese', listed: true });
    }
    expect(created.status).toBe(201);
    const id = created.body.table.id as string;
    const shown = await feedB.next(has('waiting', id), 20_000);
    expect(shown.waiting.find((t) => t.id === id)).toMatchObject({ freeSide: 'fox' });
  }, 60_000);
});
