// Scale-out with the real things (docs/protocol.md, Scale-out): a real redis-server, two server instances as child
// processes, real WebSocket clients; players of one table on different instances; instances and Redis killed.
import type { ServerMessage, ServerMessageOf } from '@fg/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { request, type TestClient } from '../testing/harness.js';
import { joinAt, splitTable, startInstances } from '../testing/instances.js';
import { playMoves } from '../testing/play.js';
import { RECORDED_GAMES } from '../testing/recorded-games.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';
import type { ServerProcess } from '../testing/server-process.js';

const skip = systemProgramSkipReason();
if (skip) console.warn(`scale-out tests skipped: ${skip}`);
let redis: Awaited<ReturnType<typeof startRedis>>;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  if (skip) return;
  redis = await startRedis();
  const started = await startInstances(redis.url);
  [a, b] = [started[0]!, started[1]!];
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

/** The messages of a type a client received, in order, taken or not. */
const received = <T extends ServerMessage['type']>(client: TestClient, type: T): ServerMessageOf<T>[] =>
  client.all(type);

const viewAt = async (server: ServerProcess, id: string) =>
  (await request(server.url, 'GET', `/api/tables/${id}`)).body.table;

describe.skipIf(skip !== null)('two instances on one Redis', () => {
  it('a whole game, fox on A and geese on B, spectators on both: every member gets every move once, in order', async () => {
    const game = RECORDED_GAMES.find((g) => g.variant === 'standard')!;
    const table = await splitTable(a, b);
    const watchers = [await joinAt(a, table.id), await joinAt(b, table.id)];
    const last = await playMoves(table, game.moves, 'fox', watchers);
    expect(last?.result).toEqual(game.result);
    for (const client of [table.fox, table.geese, ...watchers]) {
      const moved = received(client, 'moved');
      expect(moved.map((m) => m.move)).toEqual(game.moves);
      expect(moved.map((m) => m.ply)).toEqual(game.moves.map((_, ply) => ply));
      expect(received(client, 'ended')).toEqual([]);
    }
    expect((await viewAt(a, table.id)).moves).toEqual(game.moves);
    expect((await viewAt(b, table.id)).moves).toEqual(game.moves);
  }, 60_000);

  it('presence and spectator counts are table-wide', async () => {
    const table = await splitTable(a, b);
    await table.fox.next('presence', (m) => m.seats.geese.online, 10_000);
    const watchers = [await joinAt(a, table.id), await joinAt(b, table.id), await joinAt(b, table.id)];
    expect(await table.fox.next('presence', (m) => m.spectators === 3, 10_000)).toEqual({
      type: 'presence',
      seats: { fox: { taken: true, online: true }, geese: { taken: true, online: true } },
      spectators: 3,
    });
    await table.geese.next('presence', (m) => m.spectators === 3, 10_000);
    table.fox.drop();
    await table.geese.close();
    expect(await table.fox.next('presence', (m) => !m.seats.geese.online, 10_000)).toMatchObject({ spectators: 3 });
    await watchers[1]!.close();
    await table.fox.next('presence', (m) => m.spectators === 2, 10_000);
    expect(await viewAt(a, table.id)).toMatchObject({ spectators: 2, seats: { geese: { online: false } } });
  }, 60_000);

  it('a draw offered on A is accepted on B, and a rematch asked on both gives each player its new seat', async () => {
    const table = await splitTable(a, b);
    table.fox.send({ type: 'draw-offer' });
    expect(await table.geese.next('draw-offered', () => true, 10_000)).toEqual({ type: 'draw-offered', side: 'fox' });
    expect((await viewAt(b, table.id)).drawOffer).toBe('fox');
    table.geese.send({ type: 'draw-accept' });
    const ended = { type: 'ended', result: { winner: null, reason: 'draw-agreed' } };
    expect(await table.fox.next('ended', () => true, 10_000)).toEqual(ended);
    expect(await table.geese.next('ended', () => true, 10_000)).toEqual(ended);
    table.fox.send({ type: 'rematch' });
    expect(await table.geese.next('rematch-offered', () => true, 10_000)).toEqual({
      type: 'rematch-offered',
      side: 'fox',
    });
    table.geese.send({ type: 'rematch' });
    const foxSeat = await table.fox.next('rematch', () => true, 10_000);
    const geeseSeat = await table.geese.next('rematch', () => true, 10_000);
    expect(foxSeat.table).toBe(geeseSeat.table);
    expect([foxSeat.seat?.side, geeseSeat.seat?.side]).toEqual(['geese', 'fox']);
    // Each new seat holds on the other instance too, and the new game is played across them.
    const rematch = { id: foxSeat.table, fox: await joinAt(b, foxSeat.table, geeseSeat.seat!.token) };
    const geese = await joinAt(a, foxSeat.table, foxSeat.seat!.token);
    await playMoves({ ...rematch, geese, tokens: { fox: '', geese: '' } }, ['d4-d5', 'c3-c4'], 'fox');
    for (const client of [table.fox, table.geese]) expect(received(client, 'ended')).toHaveLength(1);
  }, 60_000);

  it('two draw offers crossed at once, fox on A and geese on B, make a draw agreed on both, 10 times', async () => {
    const ended = { type: 'ended', result: { winner: null, reason: 'draw-agreed' } };
    for (let round = 0; round < 10; round++) {
      const table = await splitTable(a, b);
      await table.fox.next('presence', (m) => m.seats.geese.online, 10_000);
      table.fox.send({ type: 'draw-offer' });
      table.geese.send({ type: 'draw-offer' });
      expect(await table.fox.next('ended', () => true, 10_000)).toEqual(ended);
      expect(await table.geese.next('ended', () => true, 10_000)).toEqual(ended);
      expect((await viewAt(a, table.id)).result).toEqual(ended.result);
      expect((await viewAt(b, table.id)).result).toEqual(ended.result);
      await Promise.all([table.fox.close(), table.geese.close()]);
    }
  }, 120_000);

  it('the same seat on A and B sending different moves for one ply at once: one acknowledged, one stale-ply, 30 times', async () => {
    for (let round = 0; round < 30; round++) {
      const table = await splitTable(a, b);
      const foxOnB = await joinAt(b, table.id, table.tokens.fox);
      table.fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
      foxOnB.send({ type: 'move', ply: 0, path: ['d4', 'c4'] });
      // Both connections of the seat hear the acknowledged move once; the other sender also gets an error.
      const winner = await table.geese.next('moved', () => true, 10_000);
      for (const client of [table.fox, foxOnB])
        expect((await client.next('moved', () => true, 10_000)).move).toBe(winner.move);
      const refused = () => received(table.fox, 'error').concat(received(foxOnB, 'error'));
      for (let waited = 0; refused().length === 0 && waited < 10_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(refused().map((e) => e.code)).toEqual(['stale-ply']);
      expect([table.fox, foxOnB].map((client) => received(client, 'moved').length)).toEqual([1, 1]);
      const [onA, onB] = [await viewAt(a, table.id), await viewAt(b, table.id)];
      expect(onA.moves).toEqual([winner.move]);
      expect(onB.moves).toEqual(onA.moves);
      for (const client of [table.fox, table.geese, foxOnB]) await client.close();
    }
  }, 120_000);

  it('a takeback offered on A and accepted on B is the same undo on both, and stored', async () => {
    const table = await splitTable(a, b);
    table.fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    await table.geese.next('moved', () => true, 10_000);
    table.fox.send({ type: 'takeback-offer' });
    expect((await table.geese.next('takeback-offered', () => true, 10_000)).side).toBe('fox');
    table.geese.send({ type: 'takeback-accept' });
    for (const client of [table.fox, table.geese])
      expect((await client.next('taken-back', () => true, 10_000)).table).toMatchObject({ ply: 0, moves: [] });
    const [onA, onB] = [await viewAt(a, table.id), await viewAt(b, table.id)];
    expect(onA).toMatchObject({ ply: 0, moves: [], takebackOffer: null });
    expect(onB).toMatchObject({ ply: 0, moves: [], takebackOffer: null });
    // A new instance reads the table from Redis alone: the undone move does not come back.
    const [c] = await startInstances(redis.url, 1);
    expect(await viewAt(c!, table.id)).toMatchObject({ ply: 0, moves: [] });
    await c!.stop();
    for (const client of [table.fox, table.geese]) await client.close();
  }, 120_000);

  it('chat across instances: each room reaches its readers on both, and a joiner on either gets the history', async () => {
    const table = await splitTable(a, b);
    const [watchA, watchB] = [await joinAt(a, table.id), await joinAt(b, table.id)];
    const text = (m: { text: string }) => m.text;
    table.fox.send({ type: 'chat', room: 'players', text: 'from A' });
    expect(await table.geese.next('chat', () => true, 10_000)).toMatchObject({
      room: 'players',
      side: 'fox',
      text: 'from A',
    });
    watchB.send({ type: 'chat', room: 'spectators', text: 'from B' });
    for (const client of [table.fox, table.geese, watchA, watchB])
      expect(text(await client.next('chat', (m) => m.room === 'spectators', 10_000))).toBe('from B');
    // A spectator never reads the players' room, on either instance.
    expect([watchA, watchB].map((w) => received(w, 'chat').map(text))).toEqual([['from B'], ['from B']]);
    const later = [await joinAt(a, table.id, table.tokens.geese), await joinAt(b, table.id)];
    expect(later[0]!.all('welcome')[0]!.chat!.players!.map(text)).toEqual(['from A']);
    expect(later[1]!.all('welcome')[0]!.chat).toMatchObject({ spectators: [{ text: 'from B' }] });
    expect(later[1]!.all('welcome')[0]!.chat!.players).toBeUndefined();
    for (const client of [table.fox, table.geese, watchA, watchB, ...later]) await client.close();
  }, 60_000);
});
