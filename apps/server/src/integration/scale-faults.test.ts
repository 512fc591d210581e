// Faults in Redis mode, with the real things: an instance killed with SIGKILL mid-game, and redis-server killed
// with SIGKILL and restarted on its folder. No acknowledged move may be lost, and play carries on by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { request } from '../testing/harness.js';
import { joinAt, moveUntilStored, splitTable, startInstances } from '../testing/instances.js';
import { pathOf, playMoves } from '../testing/play.js';
import { RECORDED_GAMES } from '../testing/recorded-games.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';
import type { ServerProcess } from '../testing/server-process.js';

const skip = systemProgramSkipReason();
if (skip) console.warn(`scale-out tests skipped: ${skip}`);
let redis: Awaited<ReturnType<typeof startRedis>>;
let instances: ServerProcess[] = [];

beforeAll(async () => {
  if (skip) return;
  redis = await startRedis();
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map((server) => server.stop()));
  await redis?.stop();
});

const game = RECORDED_GAMES.find((g) => g.variant === 'standard')!;
const movesAt = async (server: ServerProcess, id: string): Promise<string[]> =>
  (await request(server.url, 'GET', `/api/tables/${id}`)).body.table.moves;

describe.skipIf(skip !== null)('faults in Redis mode', () => {
  it('an instance killed with SIGKILL mid-game: its clients reconnect to the other and finish, every acknowledged move there', async () => {
    const [a, b] = (instances = await startInstances(redis.url));
    const table = await splitTable(a!, b!);
    const watcher = await joinAt(a!, table.id);
    await playMoves(table, game.moves.slice(0, 6), 'fox', [watcher]);
    const acknowledged = table.geese.all('moved').map((m) => m.move);
    await a!.kill();
    const fox = await joinAt(b!, table.id, table.tokens.fox);
    const welcome = fox.all('welcome')[0]!;
    expect(welcome.table.moves).toEqual(acknowledged);
    const spectator = await joinAt(b!, table.id);
    const last = await playMoves({ ...table, fox }, game.moves.slice(6), 'fox', [spectator], 6);
    expect(last?.result).toEqual(game.result);
    expect(await movesAt(b!, table.id)).toEqual(game.moves);
    expect(table.geese.all('moved').map((m) => m.move)).toEqual(game.moves);
    await Promise.all(instances.map((server) => server.stop()));
  }, 120_000);

  it('redis-server killed with SIGKILL and restarted on its folder: no acknowledged move lost, both instances carry on', async () => {
    const [a, b] = (instances = await startInstances(redis.url));
    const table = await splitTable(a!, b!);
    await playMoves(table, game.moves.slice(0, 4), 'fox');
    const acknowledged = table.geese.all('moved').map((m) => m.move);
    await redis.kill();
    // Every message still gets an answer while Redis is away.
    table.fox.send({ type: 'move', ply: 4, path: pathOf(game.moves[4]!) });
    expect(await table.fox.next('error', () => true, 10_000)).toMatchObject({ code: 'unavailable' });
    await redis.restart();
    const started = Date.now();
    await moveUntilStored(table.fox, 4, pathOf(game.moves[4]!));
    expect(await table.geese.next('moved', (m) => m.ply === 4, 10_000)).toMatchObject({ move: game.moves[4] });
    await moveUntilStored(table.geese, 5, pathOf(game.moves[5]!));
    await table.fox.next('moved', (m) => m.ply === 5, 10_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    const expected = [...acknowledged, game.moves[4], game.moves[5]];
    expect(await movesAt(a!, table.id)).toEqual(expected);
    expect(await movesAt(b!, table.id)).toEqual(expected);
    for (const client of [table.fox, table.geese]) expect(client.all('moved').map((m) => m.move)).toEqual(expected);
  }, 120_000);

  it('redis-server killed and restarted: the instances agree on presence within 3 s (each announces its own again)', async () => {
    await Promise.all(instances.map((server) => server.stop()));
    const [a, b] = (instances = await startInstances(redis.url));
    const table = await splitTable(a!, b!);
    const seatsAt = async (server: ServerProcess) =>
      (await request(server.url, 'GET', `/api/tables/${table.id}`)).body.table.seats;
    await redis.kill();
    // The geese player leaves B while Redis is away: B cannot tell A.
    await table.geese.close();
    // Long enough that B's write, queued while Redis is away, is given up.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await redis.restart();
    const back = Date.now();
    let agreed = false;
    while (!agreed && Date.now() - back < 3_000) {
      const [onA, onB] = await Promise.all([seatsAt(a!), seatsAt(b!)]);
      agreed = onA.geese.online === false && onB.geese.online === false && onA.fox.online && onB.fox.online;
      if (!agreed) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(agreed).toBe(true);
  }, 120_000);
});
