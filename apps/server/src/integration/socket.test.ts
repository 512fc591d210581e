// Every WebSocket error code, through real sockets; after each the table is unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PING_BEFORE_HELLO } from '../socket/table-socket.js';
import { joinTable, request, seatedTable, startServer, TestClient, type TestServer } from '../testing/harness.js';
import { playMoves } from '../testing/play.js';
import { RECORDED_GAMES } from '../testing/recorded-games.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ maxStrikes: 1000 });
});
afterAll(async () => server.close());

const viewOf = async (id: string) => (await request(server.base, 'GET', `/api/tables/${id}`)).body.table;

describe('answers', () => {
  it('ping gets pong after hello; before it, hello-first (the first message must be hello)', async () => {
    const table = await seatedTable(server);
    const client = await TestClient.connect(server.wsUrl(table.id));
    client.send({ type: 'ping' });
    expect(await client.next('error')).toEqual({ type: 'error', code: 'hello-first', message: PING_BEFORE_HELLO });
    client.send({ type: 'hello' });
    await client.next('welcome');
    client.send({ type: 'ping' });
    expect(await client.next('pong')).toEqual({ type: 'pong' });
    expect(client.all('pong')).toHaveLength(1);
    await client.close();
  });

  it('hello without a token makes a spectator, and everyone learns the count', async () => {
    const table = await seatedTable(server);
    const spectator = await TestClient.connect(server.wsUrl(table.id));
    spectator.send({ type: 'hello' });
    const welcome = await spectator.next('welcome');
    expect(welcome).toMatchObject({
      type: 'welcome',
      role: 'spectator',
      abandonSeconds: 60,
      table: { id: table.id, spectators: 1 },
    });
    expect(await table.fox.next('presence', (m) => m.spectators === 1)).toEqual({
      type: 'presence',
      seats: { fox: { taken: true, online: true }, geese: { taken: true, online: true } },
      spectators: 1,
    });
    await spectator.close();
    expect(await table.fox.next('presence', (m) => m.spectators === 0)).toMatchObject({ spectators: 0 });
  });
});

describe('error codes', () => {
  it.each([
    ['text that is not JSON', 'hello', 'message is not JSON'],
    ['an unknown type', { type: 'dance' }, /^bad message: type: Invalid discriminator value/],
    [
      'a move without ply',
      { type: 'move', path: ['d4', 'd5'] },
      'bad message: ply: Invalid input: expected number, received undefined',
    ],
    ['a frame over 4 KiB', { type: 'hello', token: 'x'.repeat(5000) }, 'message too large; at most 4096 bytes'],
  ])('bad-message: %s', async (_name, frame, message) => {
    const table = await seatedTable(server);
    table.fox.send(frame);
    const error = await table.fox.next('error');
    expect(error.code).toBe('bad-message');
    expect(error.message).toMatch(message);
  });

  it.each([4097, 64 * 1024 + 1, 1000 * 1000])(
    'bad-message: a frame of %i bytes, and the connection stays open',
    async (bytes) => {
      const table = await seatedTable(server);
      const frame = '{"type":"ping","pad":""}'.replace('""', `"${'x'.repeat(bytes - 24)}"`);
      expect(Buffer.byteLength(frame)).toBe(bytes);
      table.fox.send(frame);
      expect(await table.fox.next('error')).toEqual({
        type: 'error',
        code: 'bad-message',
        message: 'message too large; at most 4096 bytes',
      });
      table.fox.send({ type: 'ping' });
      expect(await table.fox.next('pong')).toEqual({ type: 'pong' });
    },
  );

  it('bad-message: a text frame that is not UTF-8, and the connection stays open', async () => {
    const table = await seatedTable(server);
    table.fox.socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect(await table.fox.next('error')).toEqual({
      type: 'error',
      code: 'bad-message',
      message: 'a text frame must be UTF-8',
    });
    table.fox.send({ type: 'ping' });
    expect(await table.fox.next('pong')).toEqual({ type: 'pong' });
  });

  it('a frame of exactly 4096 bytes is read', async () => {
    const table = await seatedTable(server);
    table.fox.send('{"type":"ping","pad":""}'.replace('""', `"${'x'.repeat(4096 - 24)}"`));
    expect(await table.fox.next('pong')).toEqual({ type: 'pong' });
    expect(table.fox.all('error')).toEqual([]);
  });

  it('bad-message: a binary frame', async () => {
    const table = await seatedTable(server);
    table.fox.socket.send(Buffer.from('{"type":"ping"}'), { binary: true });
    expect(await table.fox.next('error')).toEqual({
      type: 'error',
      code: 'bad-message',
      message: 'send text frames of JSON',
    });
  });

  it('hello-first', async () => {
    const table = await seatedTable(server);
    const client = await TestClient.connect(server.wsUrl(table.id));
    client.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    expect(await client.next('error')).toEqual({ type: 'error', code: 'hello-first', message: 'send hello first' });
    expect(await viewOf(table.id)).toMatchObject({ ply: 0 });
  });

  it.each([
    ['an unknown id', 'nosuchtable0'],
    ['an id of 101 characters', 'a'.repeat(101)],
    ['an id of 3000 characters', 'a'.repeat(3000)],
  ])('table-not-found for %s', async (_name, id) => {
    // Ids over 100 characters once missed the route, and the socket was closed without a word.
    const client = await TestClient.connect(server.wsUrl(id));
    client.send({ type: 'hello' });
    expect(await client.next('error')).toEqual({ type: 'error', code: 'table-not-found', message: `no table "${id}"` });
  });

  it('bad-token, and the connection may then watch', async () => {
    const table = await seatedTable(server);
    const other = await seatedTable(server);
    const client = await TestClient.connect(server.wsUrl(table.id));
    // A token of another table acts only for its own table.
    client.send({ type: 'hello', token: other.tokens.fox });
    expect(await client.next('error')).toMatchObject({ code: 'bad-token' });
    client.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    expect(await client.next('error')).toMatchObject({ code: 'hello-first' });
    client.send({ type: 'hello' });
    expect(await client.next('welcome')).toMatchObject({ role: 'spectator' });
  });

  it.each([
    ['an empty token', ''],
    ['a short token', 'abc'],
    ['a token of 500 characters', 'a'.repeat(500)],
  ])('bad-token for %s', async (_name, token) => {
    const table = await seatedTable(server);
    const client = await TestClient.connect(server.wsUrl(table.id));
    client.send({ type: 'hello', token });
    expect(await client.next('error')).toEqual({
      type: 'error',
      code: 'bad-token',
      message: 'this token holds no seat at this table; send hello without a token to watch',
    });
  });

  it('not-a-player', async () => {
    const table = await seatedTable(server);
    const spectator = await joinTable(server, table.id);
    for (const type of ['move', 'resign', 'draw-offer', 'rematch', 'claim-victory']) {
      spectator.send(type === 'move' ? { type, ply: 0, path: ['d4', 'd5'] } : { type });
      expect(await spectator.next('error')).toMatchObject({ code: 'not-a-player' });
    }
    expect(await viewOf(table.id)).toMatchObject({ ply: 0, status: 'playing' });
  });

  it('not-your-turn: the other side is to move', async () => {
    const table = await seatedTable(server);
    table.geese.send({ type: 'move', ply: 0, path: ['c3', 'c4'] });
    expect(await table.geese.next('error')).toEqual({
      type: 'error',
      code: 'not-your-turn',
      message: "it is the fox side's turn",
    });
    expect(await viewOf(table.id)).toMatchObject({ ply: 0 });
  });

  it('not-your-turn: a seat is still free', async () => {
    const created = await request(server.base, 'POST', '/api/tables', { variant: 'standard', side: 'fox' });
    const fox = await joinTable(server, created.body.table.id, created.body.seat.token);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    expect(await fox.next('error')).toEqual({
      type: 'error',
      code: 'not-your-turn',
      message: 'the game starts when both seats are taken',
    });
    expect(await viewOf(created.body.table.id)).toMatchObject({ ply: 0, status: 'waiting' });
  });

  it('stale-ply', async () => {
    const table = await seatedTable(server);
    await playMoves(table, ['d4-d5'], 'fox');
    table.geese.send({ type: 'move', ply: 0, path: ['c3', 'c4'] });
    expect(await table.geese.next('error')).toEqual({
      type: 'error',
      code: 'stale-ply',
      message: 'ply 0 is stale; the table is at ply 1',
    });
    expect(await viewOf(table.id)).toMatchObject({ ply: 1, moves: ['d4-d5'] });
  });

  it.each([
    ['a jump over nothing', ['d4', 'd6'], 'd4xd6: there is no goose on d5 to jump'],
    ['a point not on the board', ['d4', 'a1'], '"a1" is not a point of the cross33 board'],
    ['a goose moved by the fox', ['c3', 'c4'], "c3-c4: c3 holds a goose, and it is the fox side's turn"],
  ])('illegal-move: %s', async (_name, path, message) => {
    const table = await seatedTable(server);
    table.fox.send({ type: 'move', ply: 0, path });
    expect(await table.fox.next('error')).toEqual({ type: 'error', code: 'illegal-move', message });
    expect(await viewOf(table.id)).toMatchObject({ ply: 0 });
  });

  it('game-over', async () => {
    const table = await seatedTable(server);
    table.fox.send({ type: 'resign' });
    await table.geese.next('ended');
    table.geese.send({ type: 'move', ply: 0, path: ['c3', 'c4'] });
    expect(await table.geese.next('error')).toEqual({
      type: 'error',
      code: 'game-over',
      message: 'the game is over (geese resignation)',
    });
    table.geese.send({ type: 'resign' });
    expect(await table.geese.next('error')).toMatchObject({ code: 'game-over' });
  });

  it('not-abandoned', async () => {
    const table = await seatedTable(server);
    await table.geese.close();
    table.fox.send({ type: 'claim-victory' });
    expect(await table.fox.next('error')).toMatchObject({ code: 'not-abandoned' });
    expect(await viewOf(table.id)).toMatchObject({ status: 'playing', result: null });
  });
});

describe('floods and bad input', () => {
  it('rate-limited: a burst beyond the limit is refused', async () => {
    const limited = await startServer({ messageBurst: 5, messageRate: 1, maxStrikes: 1000 });
    try {
      const table = await seatedTable(limited);
      const client = table.fox; // its hello took one of the five
      for (let i = 0; i < 7; i++) client.send({ type: 'ping' });
      const errors = [];
      for (let i = 0; i < 3; i++) errors.push(await client.next('error'));
      expect(errors).toEqual(
        Array(3).fill({ type: 'error', code: 'rate-limited', message: 'too many messages; slow down' }),
      );
      expect(client.all('pong')).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it('accepted moves do not count against the rate, so two bots may play at full speed', async () => {
    // A refill too slow to matter during the test: 5 messages, then one every 100 seconds.
    const limited = await startServer({ messageBurst: 5, messageRate: 0.01, maxStrikes: 1000 });
    try {
      const table = await seatedTable(limited);
      const moves = RECORDED_GAMES[0]!.moves.slice(0, 24);
      // Each side sends 12 moves, far beyond its burst of 5.
      expect(await playMoves(table, moves, 'fox')).toMatchObject({ ply: 23, move: moves[23] });
      expect([...table.fox.all('error'), ...table.geese.all('error')]).toEqual([]);
      // Refused moves still count: after the hello, 4 tokens are left for them.
      for (let i = 0; i < 6; i++) table.geese.send({ type: 'move', ply: 24, path: ['c3', 'c4'] });
      for (let i = 0; i < 6; i++) await table.geese.next('error');
      // Refusals by the rate are sent at once, the others after their turn in the queue: compare without order.
      expect(
        table.geese
          .all('error')
          .map((e) => e.code)
          .sort(),
      ).toEqual([...Array(4).fill('not-your-turn'), 'rate-limited', 'rate-limited']);
    } finally {
      await limited.close();
    }
  });

  it('a burst that ends in too much bad input still answers the messages admitted before it, then closes', async () => {
    const strict = await startServer({ maxStrikes: 5 });
    try {
      const table = await seatedTable(strict);
      const client = await TestClient.connect(strict.wsUrl(table.id));
      // One burst: a hello, three pings (answered once the hello is), then five frames that are no JSON.
      client.send({ type: 'hello', token: table.tokens.geese });
      for (let i = 0; i < 3; i++) client.send({ type: 'ping' });
      for (let i = 0; i < 5; i++) client.send('{');
      expect(await client.closed).toEqual({ code: 1008, reason: 'too much bad input' });
      expect(client.all('welcome')).toHaveLength(1);
      expect(client.all('pong')).toHaveLength(3);
      expect(client.all('error')).toHaveLength(5);
    } finally {
      await strict.close();
    }
  });

  it('a connection that keeps sending bad input is closed with 1008, and the table is unchanged', async () => {
    const strict = await startServer({ maxStrikes: 5 });
    try {
      const table = await seatedTable(strict);
      for (let i = 0; i < 5; i++) table.geese.send({ type: 'move', ply: 0, path: ['c3', 'c4'] });
      expect(await table.geese.closed).toEqual({ code: 1008, reason: 'too much bad input' });
      expect(table.geese.all('error')).toHaveLength(5);
      const view = (await request(strict.base, 'GET', `/api/tables/${table.id}`)).body.table;
      expect(view).toMatchObject({ ply: 0, status: 'playing', seats: { geese: { online: false } } });
    } finally {
      await strict.close();
    }
  });
});
