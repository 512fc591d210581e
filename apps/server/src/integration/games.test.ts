// Whole games over real sockets: every variant, every rule reason, and the ends players cause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { joinTable, request, seatedTable, startServer, type TestServer } from '../testing/harness.js';
import { playMoves } from '../testing/play.js';
import { RECORDED_GAMES } from '../testing/recorded-games.js';

let server: TestServer;
beforeAll(async () => {
  // Default limits: recorded games are played far faster than people play, and accepted moves do not count against the rate.
  server = await startServer();
});
afterAll(async () => server.close());

describe('whole games with a spectator watching', () => {
  it.each(RECORDED_GAMES.map((g) => [g.name, g] as const))('%s', async (_name, game) => {
    const table = await seatedTable(server, game.variant, game.options);
    const spectator = await joinTable(server, table.id);
    const welcome = spectator.all('welcome')[0]!;
    expect(welcome.role).toBe('spectator');

    const last = await playMoves(table, game.moves, welcome.table.turn, [spectator]);

    expect(last).toMatchObject({ status: 'finished', result: game.result, ply: game.moves.length - 1 });
    const { body } = await request(server.base, 'GET', `/api/tables/${table.id}`);
    expect(body.table).toMatchObject({
      status: 'finished',
      result: game.result,
      ply: game.moves.length,
      moves: game.moves,
    });
    // A finished table takes no more moves.
    const mover = last!.turn === 'fox' ? table.fox : table.geese;
    mover.send({ type: 'move', ply: game.moves.length, path: ['d4', 'd5'] });
    expect(await mover.next('error')).toMatchObject({ code: 'game-over' });
    for (const client of [table.fox, table.geese, spectator]) await client.close();
  });
});
