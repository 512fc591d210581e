// Random frames, from spectators, players and strangers: the server never crashes and no table changes.
import { parseClientMessage, type ServerMessage } from '@fg/protocol';
import { CROSS33 } from '@fg/rules';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PING_BEFORE_HELLO } from '../socket/table-socket.js';
import {
  joinTable,
  request,
  type SeatedTable,
  seatedTable,
  startServer,
  TestClient,
  type TestServer,
} from '../testing/harness.js';

let server: TestServer;
let table: SeatedTable;
let spectator: TestClient;
let stranger: TestClient;
beforeAll(async () => {
  // No strikes or rate limits here, so every frame and body reaches the parser and the authority.
  server = await startServer({
    maxStrikes: 1_000_000,
    messageBurst: 1_000_000,
    messageRate: 1_000_000,
    createLimit: 1_000_000,
  });
  table = await seatedTable(server);
  spectator = await joinTable(server, table.id);
  stranger = await TestClient.connect(server.wsUrl(table.id));
});
afterAll(async () => server.close());

const TYPES = [
  'hello',
  'move',
  'resign',
  'draw-offer',
  'draw-accept',
  'rematch',
  'claim-victory',
  'ping',
  'pong',
  'welcome',
  'moved',
  '',
];
const point = fc.oneof(fc.constantFrom(...CROSS33.points.map((p) => p.name)), fc.string({ maxLength: 4 }));
const anyValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 30 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(point, { maxLength: 6 }),
);

/** Frames of every shape: not JSON, any JSON, and messages that are almost right. */
const anyFrame = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.json({ maxDepth: 4 }),
  fc
    .record(
      { type: fc.constantFrom(...TYPES), ply: anyValue, path: anyValue, token: anyValue },
      { requiredKeys: ['type'] },
    )
    .map((m) => JSON.stringify(m)),
  fc
    .record({ type: fc.constant('move'), ply: fc.nat(3), path: fc.array(point, { minLength: 2, maxLength: 4 }) })
    .map((m) => JSON.stringify(m)),
  fc.nat(6000).map((n) => JSON.stringify({ type: 'hello', token: 'a'.repeat(n) })),
);

/** Frames a seated player may send without any of them being able to change the table. */
const playerFrame = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 4 }),
  fc
    .record({
      type: fc.constant('move'),
      ply: fc.integer().filter((n) => n !== 0),
      path: fc.array(point, { maxLength: 4 }),
    })
    .map((m) => JSON.stringify(m)),
  fc
    .record({ type: fc.constant('move'), ply: fc.oneof(fc.double(), fc.string()), path: anyValue })
    .map((m) => JSON.stringify(m)),
  fc.constantFrom(
    '{"type":"draw-accept"}',
    '{"type":"rematch"}',
    '{"type":"claim-victory"}',
    '{"type":"hello","token":"not-a-token-at-all-xxxxx"}',
  ),
);

const gameState = async () => {
  const { table: view } = (await request(server.base, 'GET', `/api/tables/${table.id}`)).body;
  const { seats: _seats, spectators: _spectators, ...game } = view;
  return game;
};

const isPing = (frame: string): boolean => {
  const parsed = parseClientMessage(frame);
  return parsed.ok && parsed.value.type === 'ping';
};

/** A ping's answer: pong at a table, before hello (the stranger, until a random hello seats it) its own error. */
const pingAnswer = (m: ServerMessage): m is ServerMessage =>
  m.type === 'pong' || (m.type === 'error' && m.message === PING_BEFORE_HELLO);

/** Sends frames, then waits until all are handled: the answer to a last ping, counting the pings among the frames. */
const sendAndSettle = async (client: TestClient, frames: readonly string[]): Promise<void> => {
  for (const frame of frames) client.send(frame);
  client.send({ type: 'ping' });
  const answers = frames.filter(isPing).length + 1;
  for (let i = 0; i < answers; i++) await client.nextWhere(pingAnswer, 10_000, 'ping answer');
};

describe('random frames', () => {
  it('never crash the server and never change a table', async () => {
    const before = await gameState();
    await fc.assert(
      fc.asyncProperty(
        fc.array(anyFrame, { maxLength: 15 }),
        fc.array(anyFrame, { maxLength: 15 }),
        fc.array(playerFrame, { maxLength: 15 }),
        async (watching, strange, playing) => {
          await Promise.all([
            sendAndSettle(spectator, watching),
            sendAndSettle(stranger, strange),
            sendAndSettle(table.geese, playing),
          ]);
          expect(await gameState()).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
    expect((await request(server.base, 'GET', '/healthz')).body).toEqual({ ok: true });
    // The table still plays.
    table.fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    expect(await table.geese.next('moved')).toMatchObject({ ply: 0, move: 'd4-d5' });
  });

  it('random HTTP bodies get 4xx answers, never a fault, and change no table', async () => {
    const before = await gameState();
    const body = fc.oneof(
      fc.string({ maxLength: 100 }),
      fc.json({ maxDepth: 3 }),
      fc.record({ variant: fc.string(), side: anyValue, options: fc.object() }).map((b) => JSON.stringify(b)),
    );
    await fc.assert(
      fc.asyncProperty(body, body, async (tableBody, seatBody) => {
        const created = await request(server.base, 'POST', '/api/tables', tableBody);
        expect([201, 400]).toContain(created.status);
        const seat = await request(server.base, 'POST', `/api/tables/${table.id}/seats`, seatBody);
        expect([400, 409]).toContain(seat.status);
      }),
      { numRuns: 100 },
    );
    expect(await gameState()).toEqual(before);
  });
});
