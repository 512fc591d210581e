// Correspondence games (docs/protocol.md): days a move, a deadline per move, the server's own timer (after a
// restart too, and on one of two instances), no claims, the lobby; with a day shortened to a fraction of a second.
import type { CreateTableResponse } from '@fg/protocol';
import { afterAll, describe, expect, it } from 'vitest';

import { joinTable, request, startServer, type TestServer } from '../testing/harness.js';
import { TestPushService } from '../testing/push-service.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';

const DAY_MS = 400;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => undefined);
});

async function start(
  overrides: Parameters<typeof startServer>[0] = {},
  deps: Parameters<typeof startServer>[1] = {},
): Promise<TestServer> {
  const server = await startServer({ correspondenceDayMs: DAY_MS, ...overrides }, deps);
  servers.push(server);
  return server;
}

/** A correspondence table (the creator holds the fox seat) whose geese seat is taken at `geeseAt`. */
async function table(at: TestServer, days = 1, geeseAt = at, extra: object = {}) {
  const created = (
    await request(at.base, 'POST', '/api/tables', {
      variant: 'standard',
      side: 'fox',
      correspondence: { days },
      ...extra,
    })
  ).body as CreateTableResponse;
  const geese = (await request(geeseAt.base, 'POST', `/api/tables/${created.table.id}/seats`, {})).body.seat.token;
  return { id: created.table.id, created, tokens: { fox: created.seat.token, geese: geese as string } };
}

const view = async (server: TestServer, id: string) =>
  (await request(server.base, 'GET', `/api/tables/${id}`)).body.table;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('correspondence tables', () => {
  it('are made with days a move, never with a clock, and listed with their days', async () => {
    const server = await start();
    const both = await request(server.base, 'POST', '/api/tables', {
      variant: 'standard',
      correspondence: { days: 3 },
      clock: { initial: 300, increment: 3 },
    });
    expect(both).toMatchObject({ status: 400, body: { error: { code: 'bad-request' } } });
    const four = await request(server.base, 'POST', '/api/tables', {
      variant: 'standard',
      correspondence: { days: 4 },
    });
    expect(four.status).toBe(400);
    const listed = await request(server.base, 'POST', '/api/tables', {
      variant: 'standard',
      correspondence: { days: 3 },
      listed: true,
    });
    expect(listed.body.table).toMatchObject({ correspondence: { days: 3 }, deadline: null, status: 'waiting' });
    const lobby = (await request(server.base, 'GET', '/api/lobby')).body;
    expect(lobby.waiting.find((t: { id: string }) => t.id === listed.body.table.id)).toMatchObject({
      correspondence: { days: 3 },
    });
  });

  it('a deadline from the start and after each move; claim-victory refused; the side to move loses on time', async () => {
    const server = await start();
    const before = Date.now();
    const { id, tokens } = await table(server, 2);
    const seated = Date.now(); // both seats were taken between `before` and now
    const fox = await joinTable(server, id, tokens.fox);
    const started = await view(server, id);
    const first = Date.parse(started.deadline);
    // Two short days from the moment both seats were taken, however long the machine took to answer.
    expect(first - 2 * DAY_MS).toBeGreaterThanOrEqual(before);
    expect(first - 2 * DAY_MS).toBeLessThanOrEqual(seated);
    fox.send({ type: 'claim-victory' });
    expect(await fox.next('error')).toMatchObject({ code: 'not-abandoned' });
    fox.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
    const moved = await fox.next('moved');
    expect(Date.parse(moved.deadline!)).toBeGreaterThanOrEqual(first);
    expect((await view(server, id)).deadline).toBe(moved.deadline);
    const ended = await fox.next('ended', () => true, 15_000);
    expect(ended.result).toEqual({ winner: 'fox', reason: 'timeout' });
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(moved.deadline!));
    expect(await view(server, id)).toMatchObject({ status: 'finished', deadline: null });
    await fox.close();
  });

  it('a move after the deadline loses on time first', async () => {
    const server = await start();
    const { id, tokens } = await table(server, 1);
    const fox = await joinTable(server, id, tokens.fox);
    await sleep(DAY_MS + 50);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
    // The timer or the move itself ends it: either way the fox lost on time and the move was refused.
    expect((await fox.next('ended')).result).toEqual({ winner: 'geese', reason: 'timeout' });
    await fox.close();
  });

  it('ends on time after a restart, with nobody at the table', async () => {
    const first = await start();
    const { id, tokens } = await table(first, 1);
    const fox = await joinTable(first, id, tokens.fox);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
    const moved = await fox.next('moved');
    await fox.close();
    await first.app.close(); // the folder stays for the next start
    await sleep(DAY_MS + 100); // the deadline passes while the server is down
    // The referee looks every 50 ms here: 1.5 s are thirty looks, however slow the machine; nobody loads the table.
    const again = await start({ dataDir: first.dataDir }, { refereePollMs: 50 });
    await sleep(1500);
    expect(await view(again, id)).toMatchObject({
      status: 'finished',
      result: { winner: 'fox', reason: 'timeout' },
      moves: [moved.move],
    });
  });

  it('pushes your-move in a correspondence game even while the opponent is connected, with the deadline', async () => {
    const service = await TestPushService.start();
    try {
      const server = await start({ pushHosts: ['127.0.0.1'], correspondenceDayMs: 60_000 });
      service.trust((await request(server.base, 'GET', '/api/push/key')).body.publicKey);
      const { id, tokens } = await table(server, 1);
      const subscription = service.subscribe();
      await request(server.base, 'POST', '/api/push/subscriptions', {
        table: id,
        token: tokens.geese,
        subscription: subscription.json,
      });
      const fox = await joinTable(server, id, tokens.fox);
      const geese = await joinTable(server, id, tokens.geese);
      fox.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
      const moved = await geese.next('moved');
      const [push] = await service.waitFor(1);
      expect(push!.payload).toEqual({
        type: 'your-move',
        table: id,
        variant: 'standard',
        move: 'd4-e5',
        deadline: moved.deadline,
      });
      await Promise.all([fox.close(), geese.close()]);
    } finally {
      await service.close();
    }
  });
});

const skip = systemProgramSkipReason();
describe.skipIf(skip !== null)('correspondence on two instances', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  afterAll(async () => {
    await Promise.all(servers.splice(0).map((s) => s.app.close().catch(() => undefined)));
    await redis?.stop();
  });

  it('ended on time by the instance left, which never had the table in memory', async () => {
    redis = await startRedis();
    // The referees look every 50 ms: the 1.5 s below are thirty looks of the instance left, however slow the machine.
    const fast = { refereePollMs: 50 };
    const [a, b] = await Promise.all([start({ redisUrl: redis.url }, fast), start({ redisUrl: redis.url }, fast)]);
    const { id, tokens } = await table(a, 1);
    const fox = await joinTable(a, id, tokens.fox);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
    await fox.next('moved');
    await fox.close();
    await a.app.close(); // the instance that played goes away
    await sleep(DAY_MS + 1500);
    expect(await b.app.inject({ url: `/api/tables/${id}` }).then((r) => r.json().table)).toMatchObject({
      status: 'finished',
      result: { winner: 'fox', reason: 'timeout' },
    });
  });

  it('decided once with both instances up: each seat is told of the end once', async () => {
    const service = await TestPushService.start();
    try {
      const settings = { redisUrl: redis.url, pushHosts: ['127.0.0.1'] };
      const [a, b] = await Promise.all([start(settings), start(settings)]);
      service.trust((await request(a.base, 'GET', '/api/push/key')).body.publicKey);
      const { id, tokens } = await table(a, 1, b);
      const subscriptions = { fox: service.subscribe(), geese: service.subscribe() };
      for (const side of ['fox', 'geese'] as const)
        await request(b.base, 'POST', '/api/push/subscriptions', {
          table: id,
          token: tokens[side],
          subscription: subscriptions[side].json,
        });
      const watchers = [await joinTable(a, id), await joinTable(b, id)];
      const fox = await joinTable(a, id, tokens.fox);
      fox.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
      await fox.next('moved');
      // Wait for the end and the three pushes, however late a loaded machine runs the referees; then give the
      // other instance's referee (once a second) time to look again: a second 'ended' would show there.
      for (const watcher of watchers) await watcher.next('ended', () => true, 15_000);
      await service.waitFor(3, 15_000);
      await sleep(1500);
      for (const watcher of watchers)
        expect(watcher.all('ended')).toEqual([{ type: 'ended', result: { winner: 'fox', reason: 'timeout' } }]);
      const types = service.received.map((p) => `${p.subscription}:${(p.payload as { type: string }).type}`).sort();
      expect(types).toEqual(
        [
          `${subscriptions.fox.number}:ended`,
          `${subscriptions.geese.number}:ended`,
          `${subscriptions.geese.number}:your-move`,
        ].sort(),
      );
      await Promise.all([fox.close(), ...watchers.map((w) => w.close())]);
    } finally {
      await service.close();
    }
  });
});
