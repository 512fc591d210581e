// The ends players cause (resignation, agreed draw, abandonment), rematches, reconnects and what spectators see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { joinTable, request, seatedTable, startServer, TestClient, type TestServer } from '../testing/harness.js';
import { playMoves } from '../testing/play.js';

let server: TestServer;
let clock = 1_000_000;
beforeAll(async () => {
  // A clock the tests move by hand, so abandonment needs no real waiting.
  server = await startServer({ abandonSeconds: 60 }, { now: () => clock });
});
afterAll(async () => server.close());

describe('resignation', () => {
  it.each([
    ['fox', { winner: 'geese', reason: 'resignation' }],
    ['geese', { winner: 'fox', reason: 'resignation' }],
  ] as const)('the %s resigns', async (side, result) => {
    const table = await seatedTable(server);
    const spectator = await joinTable(server, table.id);
    table[side].send({ type: 'resign' });
    for (const client of [table.fox, table.geese, spectator])
      expect(await client.next('ended')).toEqual({ type: 'ended', result });
    const { body } = await request(server.base, 'GET', `/api/tables/${table.id}`);
    expect(body.table).toMatchObject({ status: 'finished', result });
  });
});

describe('draw offers', () => {
  it('an offer accepted ends the game as an agreed draw', async () => {
    const table = await seatedTable(server);
    table.fox.send({ type: 'draw-offer' });
    expect(await table.geese.next('draw-offered')).toEqual({ type: 'draw-offered', side: 'fox' });
    table.geese.send({ type: 'draw-accept' });
    const result = { winner: null, reason: 'draw-agreed' };
    for (const client of [table.fox, table.geese])
      expect(await client.next('ended')).toEqual({ type: 'ended', result });
  });

  it("an offer lapses when the offerer's opponent moves", async () => {
    const table = await seatedTable(server);
    table.geese.send({ type: 'draw-offer' });
    await table.fox.next('draw-offered');
    await playMoves(table, ['d4-d5'], 'fox');
    table.fox.send({ type: 'draw-accept' });
    expect(await table.fox.next('error')).toMatchObject({
      code: 'not-your-turn',
      message: 'there is no draw offer from the geese to accept',
    });
  });

  it("an offer made while the opponent's stands accepts it", async () => {
    const table = await seatedTable(server);
    table.fox.send({ type: 'draw-offer' });
    await table.geese.next('draw-offered');
    table.geese.send({ type: 'draw-offer' });
    expect(await table.fox.next('ended')).toEqual({ type: 'ended', result: { winner: null, reason: 'draw-agreed' } });
  });

  it("a standing offer is in a reconnecting player's welcome, and gone after the opponent moves", async () => {
    const table = await seatedTable(server);
    const welcomeOffer = async (token?: string) => {
      const client = await joinTable(server, table.id, token);
      const { table: view } = client.all('welcome')[0]!;
      await client.close();
      return [view.drawOffer, view.rematchRequests];
    };
    expect(await welcomeOffer(table.tokens.geese)).toEqual([null, []]);
    table.geese.send({ type: 'draw-offer' });
    await table.fox.next('draw-offered');
    await table.fox.close();
    expect(await welcomeOffer(table.tokens.fox)).toEqual(['geese', []]);
    expect(await welcomeOffer()).toEqual(['geese', []]);
    const { body } = await request(server.base, 'GET', `/api/tables/${table.id}`);
    expect(body.table.drawOffer).toBe('geese');
    const fox = await joinTable(server, table.id, table.tokens.fox);
    await playMoves({ ...table, fox }, ['d4-d5'], 'fox');
    expect(await welcomeOffer(table.tokens.fox)).toEqual([null, []]);
  });

  it('the offerer cannot accept its own offer', async () => {
    const table = await seatedTable(server);
    table.fox.send({ type: 'draw-offer' });
    await table.fox.next('draw-offered');
    table.fox.send({ type: 'draw-accept' });
    expect(await table.fox.next('error')).toMatchObject({ code: 'not-your-turn' });
  });
});

describe('abandonment', () => {
  it('the win may be claimed once the opponent has been away for the abandonment time', async () => {
    const table = await seatedTable(server);
    const spectator = await joinTable(server, table.id);
    await table.geese.close();
    await table.fox.next('presence', (m) => !m.seats.geese.online);
    clock += 59_000;
    table.fox.send({ type: 'claim-victory' });
    expect(await table.fox.next('error')).toEqual({
      type: 'error',
      code: 'not-abandoned',
      message: 'the geese player has been away 59 s; a claim needs 60 s',
    });
    clock += 1_000;
    table.fox.send({ type: 'claim-victory' });
    const result = { winner: 'fox', reason: 'abandoned' };
    expect(await table.fox.next('ended')).toEqual({ type: 'ended', result });
    expect(await spectator.next('ended')).toEqual({ type: 'ended', result });
  });

  it('works in real time with a short ABANDON_SECONDS', async () => {
    const quick = await startServer({ abandonSeconds: 1 });
    try {
      const table = await seatedTable(quick);
      await table.fox.close();
      await table.geese.next('presence', (m) => !m.seats.fox.online);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      table.geese.send({ type: 'claim-victory' });
      expect(await table.geese.next('ended')).toEqual({
        type: 'ended',
        result: { winner: 'geese', reason: 'abandoned' },
      });
    } finally {
      await quick.close();
    }
  });

  it('a connected opponent cannot be claimed against', async () => {
    const table = await seatedTable(server);
    clock += 3_600_000;
    table.geese.send({ type: 'claim-victory' });
    expect(await table.geese.next('error')).toEqual({
      type: 'error',
      code: 'not-abandoned',
      message: 'the fox player is connected',
    });
  });
});

describe('reconnecting', () => {
  it('a player who drops comes back with its token and carries on', async () => {
    const table = await seatedTable(server);
    await playMoves(table, ['d4-d5'], 'fox');
    await table.geese.close();
    const geese = await TestClient.connect(server.wsUrl(table.id));
    geese.send({ type: 'hello', token: table.tokens.geese });
    const welcome = await geese.next('welcome');
    expect(welcome).toMatchObject({
      role: 'geese',
      table: { ply: 1, moves: ['d4-d5'], turn: 'geese', status: 'playing' },
    });
    expect(await table.fox.next('presence', (m) => m.seats.geese.online)).toMatchObject({ spectators: 0 });
    await playMoves({ ...table, geese }, ['c3-c4', 'd5-d6'], 'geese', [], 1);
  });

  it('a second connection of the same player receives the messages too', async () => {
    const table = await seatedTable(server);
    const second = await joinTable(server, table.id, table.tokens.fox);
    await playMoves(table, ['d4-d5'], 'fox', [second]);
    second.send({ type: 'move', ply: 1, path: ['d5', 'd6'] });
    expect(await second.next('error')).toMatchObject({ code: 'not-your-turn' });
  });
});

describe('rematch', () => {
  it('when both players ask, a new table opens with the sides swapped and each learns only its own seat', async () => {
    const table = await seatedTable(server, 'standard', { geese: 15 });
    const spectator = await joinTable(server, table.id);
    table.fox.send({ type: 'resign' });
    await table.geese.next('ended');
    table.fox.send({ type: 'rematch' });
    expect(await table.geese.next('rematch-offered')).toEqual({ type: 'rematch-offered', side: 'fox' });
    table.geese.send({ type: 'rematch' });
    const forFox = await table.fox.next('rematch');
    const forGeese = await table.geese.next('rematch');
    const forSpectator = await spectator.next('rematch');
    expect(forFox.seat!.side).toBe('geese');
    expect(forGeese.seat!.side).toBe('fox');
    expect(forSpectator).toEqual({ type: 'rematch', table: forFox.table });
    expect(forGeese.table).toBe(forFox.table);
    expect(JSON.stringify(table.fox.texts)).not.toContain(forGeese.seat!.token);
    expect(JSON.stringify(table.geese.texts)).not.toContain(forFox.seat!.token);

    const old = await request(server.base, 'GET', `/api/tables/${table.id}`);
    expect(old.body.table.rematch).toBe(forFox.table);
    const fresh = await request(server.base, 'GET', `/api/tables/${forFox.table}`);
    expect(fresh.body.table).toMatchObject({
      variant: 'standard',
      options: { geese: 15, sideways: false },
      status: 'playing',
      ply: 0,
    });

    // The old geese player now moves first, as the fox.
    const fox = await joinTable(server, forFox.table, forGeese.seat!.token);
    const geese = await joinTable(server, forFox.table, forFox.seat!.token);
    expect(fox.all('welcome')[0]!.role).toBe('fox');
    await playMoves({ id: forFox.table, tokens: { fox: '', geese: '' }, fox, geese }, ['d4-d5'], 'fox');

    // Asking again after the rematch exists hands out the same seat again.
    table.fox.send({ type: 'rematch' });
    expect(await table.fox.next('rematch')).toEqual(forFox);
  });

  it.each([
    [
      'a clock',
      { clock: { initial: 300, increment: 5 } },
      { clock: { initial: 300, increment: 5, fox: 300_000, geese: 300_000, running: null } },
    ],
    ['correspondence days', { correspondence: { days: 3 } }, { correspondence: { days: 3 } }],
    ['no time control', {}, {}],
  ] as const)('a rematch keeps the time control: %s', async (_, extras, kept) => {
    const table = await seatedTable(server, 'standard', {}, extras);
    table.fox.send({ type: 'resign' });
    await table.geese.next('ended');
    table.fox.send({ type: 'rematch' });
    table.geese.send({ type: 'rematch' });
    const { table: id } = await table.fox.next('rematch');
    const { body } = await request(server.base, 'GET', `/api/tables/${id}`);
    const { clock, correspondence } = body.table;
    expect({ ...(clock && { clock }), ...(correspondence && { correspondence }) }).toEqual(kept);
  });

  it('a rematch of a listed table is listed too', async () => {
    const table = await seatedTable(server, 'standard', {}, { listed: true });
    table.fox.send({ type: 'resign' });
    await table.geese.next('ended');
    table.fox.send({ type: 'rematch' });
    table.geese.send({ type: 'rematch' });
    const { table: id, seat } = await table.fox.next('rematch');
    const player = await joinTable(server, id, seat!.token);
    const playing = async () =>
      (await request(server.base, 'GET', '/api/lobby')).body.playing.map((t: { id: string }) => t.id);
    expect(await playing()).toContain(id);
    // Ended, so it leaves the lobby (suites that share a server after this one count the lobby's tables).
    player.send({ type: 'resign' });
    await player.next('ended');
    await expect.poll(playing).not.toContain(id);
  });

  it("the rematch requests are in a reconnecting player's welcome until the rematch opens", async () => {
    const table = await seatedTable(server);
    const welcomeView = async () => {
      const client = await joinTable(server, table.id, table.tokens.geese);
      await client.close();
      return client.all('welcome')[0]!.table;
    };
    table.fox.send({ type: 'draw-offer' });
    await table.geese.next('draw-offered');
    table.geese.send({ type: 'resign' });
    await table.fox.next('ended');
    table.fox.send({ type: 'rematch' });
    await table.geese.next('rematch-offered');
    expect(await welcomeView()).toMatchObject({
      status: 'finished',
      drawOffer: null,
      rematchRequests: ['fox'],
      rematch: null,
    });
    table.geese.send({ type: 'rematch' });
    const { table: rematch } = await table.fox.next('rematch');
    expect(await welcomeView()).toMatchObject({ drawOffer: null, rematchRequests: [], rematch });
  });

  it('a rematch waits for the game to end', async () => {
    const table = await seatedTable(server);
    table.fox.send({ type: 'rematch' });
    expect(await table.fox.next('error')).toMatchObject({
      code: 'not-your-turn',
      message: 'a rematch can be asked once the game is over',
    });
  });
});

describe('secrets', () => {
  it('tokens never reach spectators, nor the other player', async () => {
    const table = await seatedTable(server);
    const spectator = await joinTable(server, table.id);
    await playMoves(table, ['d4-d5', 'c3-c4'], 'fox', [spectator]);
    table.fox.send({ type: 'draw-offer' });
    await spectator.next('draw-offered');
    table.geese.send({ type: 'resign' });
    await spectator.next('ended');
    table.fox.send({ type: 'rematch' });
    table.geese.send({ type: 'rematch' });
    await spectator.next('rematch');
    const seen = spectator.texts.join('\n');
    expect(seen).not.toContain(table.tokens.fox);
    expect(seen).not.toContain(table.tokens.geese);
    expect(seen).not.toContain('token');
    expect(table.fox.texts.join('\n')).not.toContain(table.tokens.geese);
    expect(table.geese.texts.join('\n')).not.toContain(table.tokens.fox);
  });

  it('a spectator who takes a seat says hello again and becomes the player', async () => {
    const created = await request(server.base, 'POST', '/api/tables', { variant: 'standard', side: 'geese' });
    const visitor = await joinTable(server, created.body.table.id);
    const taken = await request(server.base, 'POST', `/api/tables/${created.body.table.id}/seats`);
    expect(await visitor.next('presence', (m) => m.seats.fox.taken)).toMatchObject({
      seats: { fox: { taken: true, online: false } },
    });
    visitor.send({ type: 'hello', token: taken.body.seat.token });
    expect(await visitor.next('welcome')).toMatchObject({ role: 'fox', table: { status: 'playing', spectators: 0 } });
  });
});
