// Takeback and rematch decline over real sockets, in both stores (SQLite here, Redis with a real
// redis-server), and stored like a move: a restart brings no undone move back.
import type { ClockView, CreateTableResponse } from '@fg/protocol';
import { afterAll, describe, expect, it } from 'vitest';

import { joinTable, request, seatedTable, startServer, type TestClient, type TestServer } from '../testing/harness.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';

const skip = systemProgramSkipReason();
const redis = skip ? null : await startRedis();
afterAll(() => redis?.stop());

const modes: [string, () => Promise<TestServer>, ((s: TestServer) => Promise<TestServer>) | null][] = [
  ['SQLite', () => startServer(), (s) => startServer({ dataDir: s.dataDir })],
];
if (redis)
  modes.push(['Redis', () => startServer({ redisUrl: redis.url }), () => startServer({ redisUrl: redis.url })]);

/** A 60+0 table created at `creator` (its creator the fox), its geese seat taken at `joiner`, both connected. */
async function clockedTable(creator: TestServer, joiner: TestServer) {
  const body = { variant: 'standard', side: 'fox', clock: { initial: 60, increment: 0 } };
  const { table, seat } = (await request(creator.base, 'POST', '/api/tables', body)).body as CreateTableResponse;
  const taken = await request(joiner.base, 'POST', `/api/tables/${table.id}/seats`, {});
  const fox = await joinTable(creator, table.id, seat.token);
  return { id: table.id, fox, geese: await joinTable(joiner, table.id, taken.body.seat.token as string) };
}

/** A server and a fox player connected to a table where the computer (level 1) plays the geese. */
async function againstComputer() {
  const server = await startServer({ computerThreads: 1, computerThinkMs: 20 });
  const body = { variant: 'standard', side: 'fox', computer: { level: 1 } };
  const { table, seat } = (await request(server.base, 'POST', '/api/tables', body)).body as CreateTableResponse;
  return { server, fox: await joinTable(server, table.id, seat.token) };
}

/** Sends a message that must be refused; the code it is refused with. */
const errorOf = async (client: TestClient, message: object): Promise<string> => {
  client.send(message);
  return (await client.next('error')).code;
};

const view = async (server: TestServer, id: string) =>
  (await request(server.base, 'GET', `/api/tables/${id}`)).body.table;

describe.each(modes)('takeback and rematch decline (%s)', (_mode, start, restart) => {
  it('takes back the offerer’s last move once the opponent accepts; a repeated offer is ignored', async () => {
    const server = await start();
    const { id, fox, geese } = await seatedTable(server);
    const spectator = await joinTable(server, id);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    await geese.next('moved');
    fox.send({ type: 'takeback-offer' });
    fox.send({ type: 'takeback-offer' });
    // The pong comes after both offers are handled (one connection's messages go in order).
    fox.send({ type: 'ping' });
    await fox.next('pong');
    for (const client of [fox, geese, spectator]) expect((await client.next('takeback-offered')).side).toBe('fox');
    expect((await view(server, id)).takebackOffer).toBe('fox');
    geese.send({ type: 'takeback-accept' });
    for (const client of [fox, geese, spectator]) {
      const back = await client.next('taken-back');
      expect(back.table).toMatchObject({ ply: 0, moves: [], turn: 'fox', takebackOffer: null, drawOffer: null });
    }
    expect(fox.all('takeback-offered')).toHaveLength(1);
    expect(fox.all('error')).toHaveLength(0);
    expect(await view(server, id)).toMatchObject({ ply: 0, moves: [] });
    // The game goes on from there.
    fox.send({ type: 'move', ply: 0, path: ['d4', 'c4'] });
    expect((await geese.next('moved')).move).toBe('d4-c4');
    await server.close();
  });

  it('goes back two plies when the offerer is to move, and the undo survives a restart', async () => {
    const server = await start();
    const { id, fox, geese } = await seatedTable(server);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    await geese.next('moved');
    geese.send({ type: 'move', ply: 1, path: ['c3', 'c4'] });
    await fox.next('moved', (m) => m.ply === 1);
    fox.send({ type: 'takeback-offer' });
    await geese.next('takeback-offered');
    geese.send({ type: 'takeback-accept' });
    expect((await fox.next('taken-back')).table).toMatchObject({ ply: 0, moves: [] });
    await server.app.close();
    if (!restart) return;
    const again = await restart(server);
    expect(await view(again, id)).toMatchObject({ ply: 0, moves: [], status: 'playing' });
    await again.close();
  });

  it('answers a decline to everyone, accept or decline without an offer with bad-message; a move lapses the offer', async () => {
    const server = await start();
    const { id, fox, geese } = await seatedTable(server);
    expect(await errorOf(geese, { type: 'takeback-accept' })).toBe('bad-message');
    expect(await errorOf(fox, { type: 'takeback-offer' })).toBe('not-your-turn'); // before its own first move
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    await geese.next('moved');
    fox.send({ type: 'takeback-offer' });
    await geese.next('takeback-offered');
    geese.send({ type: 'takeback-decline' });
    expect((await fox.next('takeback-declined')).side).toBe('geese');
    expect((await view(server, id)).takebackOffer).toBeNull();
    // Offered again, then the opponent moves instead of answering: the offer lapses.
    geese.send({ type: 'move', ply: 1, path: ['c3', 'c4'] });
    await fox.next('moved', (m) => m.ply === 1);
    fox.send({ type: 'takeback-offer' });
    await geese.next('takeback-offered');
    fox.send({ type: 'move', ply: 2, path: ['d5', 'd4'] });
    const moved = await geese.next('moved', (m) => m.ply === 2);
    expect(moved.ply).toBe(2);
    expect((await view(server, id)).takebackOffer).toBeNull();
    expect(await errorOf(geese, { type: 'takeback-accept' })).toBe('bad-message');
    await server.close();
  });

  it('restores the clocks as they were before the undone move, and lets a draw offer lapse', async () => {
    const server = await start();
    const { fox, geese } = await clockedTable(server, server);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    await geese.next('moved');
    geese.send({ type: 'move', ply: 1, path: ['c3', 'c4'] });
    const second = await fox.next('moved', (m) => m.ply === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    fox.send({ type: 'move', ply: 2, path: ['d5', 'd4'] });
    await geese.next('moved', (m) => m.ply === 2);
    fox.send({ type: 'draw-offer' });
    await geese.next('draw-offered');
    fox.send({ type: 'takeback-offer' });
    await geese.next('takeback-offered');
    geese.send({ type: 'takeback-accept' });
    const back = (await fox.next('taken-back')).table;
    expect(back).toMatchObject({ ply: 2, drawOffer: null });
    const clock = back.clock as ClockView;
    // As after the second first move: full time each, fox's clock running again from the takeback.
    expect(clock).toMatchObject({ running: 'fox', geese: 60_000 });
    expect(clock.fox).toBeGreaterThan(second.clock!.fox - 100);
    await server.close();
  });

  it('declines a rematch: the opponent’s request lapses, and asking again is allowed', async () => {
    const server = await start();
    const { id, fox, geese } = await seatedTable(server);
    expect(await errorOf(fox, { type: 'rematch-decline' })).toBe('not-your-turn');
    fox.send({ type: 'resign' });
    await geese.next('ended');
    expect(await errorOf(geese, { type: 'rematch-decline' })).toBe('not-your-turn'); // nobody asked
    fox.send({ type: 'rematch' });
    await geese.next('rematch-offered');
    geese.send({ type: 'rematch-decline' });
    for (const client of [fox, geese]) expect((await client.next('rematch-declined')).side).toBe('geese');
    expect((await view(server, id)).rematchRequests).toEqual([]);
    fox.send({ type: 'rematch' });
    expect((await geese.next('rematch-offered')).side).toBe('fox');
    await server.close();
  });
});

describe('the computer', () => {
  it('accepts a takeback', async () => {
    const { server, fox } = await againstComputer();
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    await fox.next('moved', (m) => m.ply === 1, 10_000);
    fox.send({ type: 'takeback-offer' });
    const back = await fox.next('taken-back', () => true, 10_000);
    expect(back.table).toMatchObject({ ply: 0, moves: [] });
    await server.close();
  });

  it('moves again after each takeback of two plies (the player’s own turn), in the position taken back to', async () => {
    const { server, fox } = await againstComputer();
    for (const [round, first] of ['d4-d5', 'd4-c4', 'd4-e4', 'd4-d5'].entries()) {
      fox.send({ type: 'move', ply: 0, path: first.split('-') });
      expect((await fox.next('moved', (m) => m.ply === 0, 10_000)).move).toBe(first);
      expect((await fox.next('moved', (m) => m.ply === 1, 10_000)).side).toBe('geese');
      if (round === 3) break;
      fox.send({ type: 'takeback-offer' });
      expect((await fox.next('taken-back', () => true, 10_000)).table).toMatchObject({ ply: 0, moves: [] });
    }
    await server.close();
  });

  it('refuses a takeback in a game with a clock, so the player’s clock runs out as anyone’s', async () => {
    const server = await startServer({ computerThreads: 1, computerThinkMs: 20 });
    const body = { variant: 'standard', side: 'fox', computer: { level: 1 }, clock: { initial: 60, increment: 0 } };
    const { table, seat } = (await request(server.base, 'POST', '/api/tables', body)).body as CreateTableResponse;
    const fox = await joinTable(server, table.id, seat.token);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    await fox.next('moved', (m) => m.ply === 1, 10_000);
    // Upward, where no goose reaches in one move: back to d4 was refused when the computer had moved a goose there.
    fox.send({ type: 'move', ply: 2, path: ['d5', 'd6'] });
    await fox.next('moved', (m) => m.ply === 3, 10_000);
    expect(await errorOf(fox, { type: 'takeback-offer' })).toBe('bad-message');
    expect(fox.all('error').at(-1)!.message).toBe('no takebacks in a game with a clock against the computer');
    expect(await view(server, table.id)).toMatchObject({ ply: 4, takebackOffer: null });
    expect(fox.all('taken-back')).toEqual([]);
    await server.close();
  });

  it('declines a draw at level 1 before move 20, and says so', async () => {
    const { server, fox } = await againstComputer();
    fox.send({ type: 'draw-offer' });
    expect((await fox.next('draw-declined', () => true, 10_000)).side).toBe('geese');
    await server.close();
  });
});

describe.skipIf(redis === null)('the first-move abort with two instances on one Redis', () => {
  it('ends the game once, on the timer, for the members of both instances; a restart agrees', async () => {
    const [a, b] = [
      await startServer({ redisUrl: redis!.url, firstMoveSeconds: 1 }),
      await startServer({ redisUrl: redis!.url, firstMoveSeconds: 1 }),
    ];
    const { id, fox, geese } = await clockedTable(a, b);
    for (const client of [fox, geese])
      expect((await client.next('ended', () => true, 5000)).result).toEqual({ winner: null, reason: 'aborted' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([fox.all('ended').length, geese.all('ended').length]).toEqual([1, 1]);
    await Promise.all([a.close(), b.close()]);
    const c = await startServer({ redisUrl: redis!.url });
    expect(await view(c, id)).toMatchObject({ status: 'finished', result: { reason: 'aborted' } });
    await c.close();
  });
});
