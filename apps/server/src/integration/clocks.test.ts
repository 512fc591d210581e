// Clocks over real sockets (docs/protocol.md): creation bounds, clocks in views and moves, Fischer
// increment, the server's own timeout, and the times kept across a restart.
import type { ClockView, CreateTableResponse } from '@fg/protocol';
import { afterEach, describe, expect, it } from 'vitest';

import { SqliteStore } from '../store/sqlite/sqlite-store.js';
import { joinTable, request, startServer, type TestClient, type TestServer } from '../testing/harness.js';

/** A time source the test moves by hand: real time plus an offset, or (frozen) the offset alone. */
const clock = (frozen = false) => {
  const base = Date.now();
  let offset = 0;
  return { now: () => (frozen ? base : Date.now()) + offset, jump: (ms: number) => (offset += ms) };
};

let servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers) await server.close();
  servers = [];
});

const start = async (...args: Parameters<typeof startServer>): Promise<TestServer> => {
  const server = await startServer(...args);
  servers.push(server);
  return server;
};

/** Creates a standard table with a clock (creator: fox), takes the geese seat, connects both. */
async function clockedTable(server: TestServer, initial = 60, increment = 2) {
  const created = await request(server.base, 'POST', '/api/tables', {
    variant: 'standard',
    side: 'fox',
    clock: { initial, increment },
  });
  expect(created.status).toBe(201);
  const { table, seat } = created.body as CreateTableResponse;
  expect(table.clock).toEqual({ initial, increment, fox: initial * 1000, geese: initial * 1000, running: null });
  const taken = await request(server.base, 'POST', `/api/tables/${table.id}/seats`, {});
  const fox = await joinTable(server, table.id, seat.token);
  const geese = await joinTable(server, table.id, taken.body.seat.token as string);
  return { id: table.id, fox, geese };
}

const near = (view: ClockView | undefined, expected: ClockView, slack = 300): void => {
  expect(view).toBeDefined();
  expect({ ...view!, fox: 0, geese: 0 }).toEqual({ ...expected, fox: 0, geese: 0 });
  expect(Math.abs(view!.fox - expected.fox)).toBeLessThanOrEqual(slack);
  expect(Math.abs(view!.geese - expected.geese)).toBeLessThanOrEqual(slack);
};

describe('clock at creation', () => {
  it.each([
    ['an initial time below 15 s', { initial: 14, increment: 0 }],
    ['an initial time above 3 hours', { initial: 10_801, increment: 0 }],
    ['an increment above 180 s', { initial: 60, increment: 181 }],
    ['a negative increment', { initial: 60, increment: -1 }],
    ['a missing increment', { initial: 60 }],
    ['an unknown field', { initial: 60, increment: 0, delay: 5 }],
    ['a fraction of a second', { initial: 60.5, increment: 0 }],
  ])('refuses %s with bad-request', async (_name, bad) => {
    const server = await start();
    const answer = await request(server.base, 'POST', '/api/tables', { variant: 'standard', clock: bad });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('bad-request');
    expect(answer.body.error.message).toContain('clock');
  });

  it.each([
    [15, 0],
    [10_800, 180],
  ])('takes the bounds %i+%i', async (initial, increment) => {
    const server = await start();
    const answer = await request(server.base, 'POST', '/api/tables', {
      variant: 'standard',
      clock: { initial, increment },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.table.clock).toEqual({
      initial,
      increment,
      fox: initial * 1000,
      geese: initial * 1000,
      running: null,
    });
  });

  it('gives a table without a clock no clock field', async () => {
    const server = await start();
    const answer = await request(server.base, 'POST', '/api/tables', { variant: 'standard' });
    expect('clock' in answer.body.table).toBe(false);
  });
});

/** Plays the two first moves (neither charged), `ms` apart; the clock runs from the second. */
async function firstMoves(fox: TestClient, geese: TestClient, jump: (ms: number) => void, ms = 0): Promise<void> {
  fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
  await geese.next('moved', (m) => m.ply === 0);
  jump(ms);
  geese.send({ type: 'move', ply: 1, path: ['c3', 'c4'] });
  await fox.next('moved', (m) => m.ply === 1);
}

describe('clocks in play (from the second move on)', () => {
  it('run nothing until both first moves, which earn no increment, then charge each move with the increment', async () => {
    const time = clock();
    const server = await start({}, { now: time.now });
    const { fox, geese } = await clockedTable(server, 60, 2);
    const welcome = geese.all('welcome')[0]!;
    near(welcome.table.clock, { initial: 60, increment: 2, fox: 60_000, geese: 60_000, running: null });

    time.jump(10_000);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    near((await geese.next('moved')).clock, { initial: 60, increment: 2, fox: 60_000, geese: 60_000, running: null });
    time.jump(5_000);
    geese.send({ type: 'move', ply: 1, path: ['c3', 'c4'] });
    const second = await fox.next('moved', (m) => m.ply === 1);
    near(second.clock, { initial: 60, increment: 2, fox: 60_000, geese: 60_000, running: 'fox' });

    time.jump(4_000);
    fox.send({ type: 'move', ply: 2, path: ['d5', 'd4'] });
    const third = await geese.next('moved', (m) => m.ply === 2);
    near(third.clock, { initial: 60, increment: 2, fox: 58_000, geese: 60_000, running: 'geese' });
  });

  it('ends the game by timeout on the server timer, telling both players and a spectator, with nobody sending anything', async () => {
    const time = clock();
    const server = await start({}, { now: time.now });
    const { id, fox, geese } = await clockedTable(server, 15, 0);
    const spectator = await joinTable(server, id);
    await firstMoves(fox, geese, time.jump);
    time.jump(15_000);
    for (const client of [fox, geese, spectator]) {
      const ended = await client.next('ended', () => true, 4000);
      expect(ended.result).toEqual({ winner: 'geese', reason: 'timeout' });
      expect(ended.clock).toMatchObject({ fox: 0, running: null });
    }
    const view = await request(server.base, 'GET', `/api/tables/${id}`);
    expect(view.body.table).toMatchObject({ status: 'finished', result: { winner: 'geese', reason: 'timeout' } });
    fox.send({ type: 'move', ply: 2, path: ['d5', 'd4'] });
    expect((await fox.next('error')).code).toBe('game-over');
  });

  it('stops the clocks when the game ends otherwise', async () => {
    const time = clock();
    const server = await start({}, { now: time.now });
    const { fox, geese } = await clockedTable(server, 60, 0);
    await firstMoves(fox, geese, time.jump);
    time.jump(3_000);
    fox.send({ type: 'resign' });
    const ended = await geese.next('ended');
    near(ended.clock, { initial: 60, increment: 0, fox: 57_000, geese: 60_000, running: null });
  });

  it('keeps the times across a restart: nobody gains or loses time', async () => {
    // Frozen: a restart on a loaded machine takes real seconds, which would count as the 7 s below.
    const time = clock(true);
    const first = await start({}, { now: time.now });
    const { id, fox, geese } = await clockedTable(first, 120, 5);
    await firstMoves(fox, geese, time.jump, 1_000);
    time.jump(20_000);
    fox.send({ type: 'move', ply: 2, path: ['d5', 'd4'] });
    const moved = await fox.next('moved', (m) => m.ply === 2);
    near(moved.clock, { initial: 120, increment: 5, fox: 105_000, geese: 120_000, running: 'geese' });
    await first.app.close();
    // The same data folder, a new process's worth of memory; 7 s pass while it is down.
    time.jump(7_000);
    const second = await start({ dataDir: first.dataDir }, { now: time.now });
    const view = await request(second.base, 'GET', `/api/tables/${id}`);
    near(view.body.table.clock as ClockView, {
      initial: 120,
      increment: 5,
      fox: 105_000,
      geese: 113_000,
      running: 'geese',
    });
  });
});

describe('abort: a first move not made in time', () => {
  it('aborts on a real timer when the first side does not move, without a winner, and the record says so', async () => {
    const server = await start({ firstMoveSeconds: 1 });
    const { id, fox, geese } = await clockedTable(server, 60, 0);
    for (const client of [fox, geese]) {
      const ended = await client.next('ended', () => true, 5000);
      expect(ended.result).toEqual({ winner: null, reason: 'aborted' });
    }
    const record = await fetch(`${server.base}/api/tables/${id}/game.txt`).then((r) => r.text());
    expect(record).toContain('[Termination "aborted"]');
    expect(record).toContain('[Result "*"]');
  });

  it("aborts when the second side does not answer the opponent's first move in time", async () => {
    // Three seconds for a first move: the 600 ms waits below leave a loaded machine 2.4 s of slack each.
    const server = await start({ firstMoveSeconds: 3 });
    const { fox, geese } = await clockedTable(server, 60, 0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    await geese.next('moved');
    // The minute (here three seconds) starts again with fox's move: not aborted 600 ms after it.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(geese.all('ended')).toHaveLength(0);
    expect((await geese.next('ended', () => true, 15_000)).result).toEqual({ winner: null, reason: 'aborted' });
  });

  it('never aborts a game once both first moves are made, nor a table without a clock', async () => {
    const time = clock();
    const server = await start({ firstMoveSeconds: 1 }, { now: time.now });
    const { fox, geese } = await clockedTable(server, 600, 0);
    await firstMoves(fox, geese, time.jump);
    const created = await request(server.base, 'POST', '/api/tables', { variant: 'standard', side: 'fox' });
    const { table, seat } = created.body as CreateTableResponse;
    const taken = await request(server.base, 'POST', `/api/tables/${table.id}/seats`, {});
    const plainFox = await joinTable(server, table.id, seat.token);
    await joinTable(server, table.id, taken.body.seat.token as string);
    time.jump(5_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fox.all('ended')).toHaveLength(0);
    expect(plainFox.all('ended')).toHaveLength(0);
  });

  it('aborts after a restart with nobody connected: the deadline is stored, and the started server keeps it', async () => {
    const first = await start({ firstMoveSeconds: 1 });
    const { id, fox, geese } = await clockedTable(first, 60, 0);
    await Promise.all([fox.close(), geese.close()]);
    await first.app.close(); // before the second is up
    const second = await start({ firstMoveSeconds: 1, dataDir: first.dataDir });
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // the stored deadline is at most 1 s on
    await second.app.close(); // nobody asked for the table: only the server's own timer can have ended it
    const store = new SqliteStore(first.dataDir);
    expect((await store.loadTable(id))?.result).toEqual({ winner: null, reason: 'aborted' });
    await store.close();
  });
});
