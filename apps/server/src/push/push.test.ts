// Web Push end to end (docs/protocol.md, Notifications): the real app, real sockets, and a push service on
// 127.0.0.1 that verifies each VAPID JWT and decrypts each body itself (testing/push-service.ts).
import { rmSync } from 'node:fs';

import type { CreateTableResponse } from '@fg/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { joinTable, request, startServer, type TestServer } from '../testing/harness.js';
import { TestPushService, type TestSubscription } from '../testing/push-service.js';

let service: TestPushService;
let server: TestServer;
let publicKey: string;

beforeAll(async () => {
  service = await TestPushService.start();
  server = await startServer({ pushHosts: ['127.0.0.1'], createLimit: 1000 }, { pushRetryMs: [100, 200] });
  publicKey = (await request(server.base, 'GET', '/api/push/key')).body.publicKey;
  service.trust(publicKey);
});
afterAll(async () => {
  await server.close();
  await service.close();
});
afterEach(() => {
  service.received.length = 0;
  service.rejected.length = 0;
});

/** A table whose creator holds the fox seat and whose geese seat is taken, nobody connected. */
async function table(): Promise<{ id: string; tokens: { fox: string; geese: string } }> {
  const created = (await request(server.base, 'POST', '/api/tables', { variant: 'standard', side: 'fox' }))
    .body as CreateTableResponse;
  const taken = await request(server.base, 'POST', `/api/tables/${created.table.id}/seats`, {});
  return { id: created.table.id, tokens: { fox: created.seat.token, geese: taken.body.seat.token } };
}

const subscribe = (id: string, token: string, subscription: TestSubscription | { json: unknown }) =>
  request(server.base, 'POST', '/api/push/subscriptions', { table: id, token, subscription: subscription.json });

/** A table whose two seats each have one subscription. */
async function subscribedTable() {
  const seated = await table();
  const fox = service.subscribe();
  const geese = service.subscribe();
  await subscribe(seated.id, seated.tokens.fox, fox);
  await subscribe(seated.id, seated.tokens.geese, geese);
  return { ...seated, fox, geese };
}

/** Waits a little, for pushes that should not come. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the push API', () => {
  it('GET /api/push/key: the VAPID public key, a P-256 point, the same after a restart of the app', async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    // One server process per folder: the first stops (keeping its folder) before the second starts on it.
    const first = await startServer({ pushHosts: ['127.0.0.1'] });
    const key = (await request(first.base, 'GET', '/api/push/key')).body as { publicKey: string };
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65);
    await first.app.close();
    const again = await startServer({ dataDir: first.dataDir, pushHosts: ['127.0.0.1'] });
    try {
      expect((await request(again.base, 'GET', '/api/push/key')).body).toEqual(key);
    } finally {
      await again.close();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });

  it('PUSH_HOSTS=off: 404 push-off', async () => {
    const off = await startServer({ pushHosts: null });
    try {
      const answer = await request(off.base, 'GET', '/api/push/key');
      expect(answer).toMatchObject({ status: 404, body: { error: { code: 'push-off' } } });
    } finally {
      await off.close();
    }
  });

  it('refuses bad bodies, hosts not on the list (to store or to delete), unknown tables and wrong tokens', async () => {
    const { id, tokens } = await table();
    const good = service.subscribe();
    const evil = { json: { ...good.json, endpoint: 'https://169.254.169.254/latest' } };
    const firefox = { json: { ...good.json, endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/x' } };
    const badKey = { json: { ...good.json, keys: { p256dh: 'AAAA', auth: good.json.keys.auth } } };
    // 65 bytes, uncompressed, but no point of the curve: it would fail to encrypt at every push.
    const offCurve = Buffer.from([4, ...Array<number>(64).fill(1)]).toString('base64url');
    const offKey = { json: { ...good.json, keys: { p256dh: offCurve, auth: good.json.keys.auth } } };
    expect((await subscribe(id, tokens.fox, evil)).body.error.code).toBe('bad-request');
    expect((await subscribe(id, tokens.fox, firefox)).body.error.code).toBe('bad-request'); // not on this list
    expect((await subscribe(id, tokens.fox, badKey)).body.error.code).toBe('bad-request');
    expect(await subscribe(id, tokens.fox, offKey)).toMatchObject({
      status: 400,
      body: { error: { code: 'bad-request', message: expect.stringContaining('on the curve') } },
    });
    expect((await subscribe('nosuchtable1', tokens.fox, good)).status).toBe(404);
    const wrong = await subscribe(id, 'x'.repeat(24), good);
    expect(wrong).toMatchObject({ status: 403, body: { error: { code: 'bad-token' } } });
    expect((await subscribe(id, tokens.fox, good)).status).toBe(201);
    const offList = { table: id, token: tokens.fox, endpoint: evil.json.endpoint };
    const refused = await request(server.base, 'DELETE', '/api/push/subscriptions', offList);
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'bad-request' } } });
    const gone = await request(server.base, 'DELETE', '/api/push/subscriptions', {
      table: id,
      token: tokens.fox,
      endpoint: good.json.endpoint,
    });
    expect(gone.status).toBe(204);
  });
});

describe('pushes', () => {
  it('your-move to a player with no open socket, decrypted; none to one who is connected', async () => {
    const { id, tokens, geese } = await subscribedTable(); // the fox subscribed too: it is never pushed here
    const foxSocket = await joinTable(server, id, tokens.fox);
    foxSocket.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
    const [push] = await service.waitFor(1);
    expect(push).toMatchObject({
      subscription: geese.number,
      payload: { type: 'your-move', table: id, variant: 'standard', move: 'd4-e5' },
      urgency: 'high',
      ttl: '86400',
      claims: { aud: service.origin, sub: 'mailto:push@fox-and-geese.invalid' },
    });
    expect(JSON.stringify(push!.payload)).not.toContain(tokens.geese);
    // The geese answer while the fox is connected: the fox is not pushed.
    const geeseSocket = await joinTable(server, id, tokens.geese);
    geeseSocket.send({ type: 'move', ply: 1, path: ['e3', 'd4'] });
    await foxSocket.next('moved', (m) => m.ply === 1);
    await settle();
    expect(service.received).toHaveLength(1);
    await Promise.all([foxSocket.close(), geeseSocket.close()]);
  });

  it('your-move without a move when the game begins and after a takeback, to a player away', async () => {
    const created = (await request(server.base, 'POST', '/api/tables', { variant: 'standard', side: 'fox' }))
      .body as CreateTableResponse;
    const { id } = created.table;
    const fox = service.subscribe();
    await subscribe(id, created.seat.token, fox);
    const taken = await request(server.base, 'POST', `/api/tables/${id}/seats`, {}); // the fox is to move
    const yourMove = { type: 'your-move', table: id, variant: 'standard' };
    expect((await service.waitFor(1))[0]).toMatchObject({ subscription: fox.number, payload: yourMove });
    expect(service.received[0]!.payload).not.toHaveProperty('move');

    const foxSocket = await joinTable(server, id, created.seat.token);
    const geeseSocket = await joinTable(server, id, taken.body.seat.token);
    foxSocket.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
    await geeseSocket.next('moved');
    foxSocket.send({ type: 'takeback-offer' });
    await geeseSocket.next('takeback-offered');
    await foxSocket.close();
    await geeseSocket.next('presence', (m) => !m.seats.fox.online);
    geeseSocket.send({ type: 'takeback-accept' });
    await geeseSocket.next('taken-back');
    expect((await service.waitFor(2))[1]).toMatchObject({ subscription: fox.number, payload: yourMove });
    await settle();
    expect(service.received).toHaveLength(2);
    await geeseSocket.close();
  });

  it("a rematch carries each player's subscriptions to its new seat and tells the first mover", async () => {
    const created = (
      await request(server.base, 'POST', '/api/tables', {
        variant: 'standard',
        side: 'fox',
        correspondence: { days: 3 },
      })
    ).body as CreateTableResponse;
    const { id } = created.table;
    const taken = await request(server.base, 'POST', `/api/tables/${id}/seats`, {});
    const fox = service.subscribe();
    const geese = service.subscribe();
    await subscribe(id, created.seat.token, fox);
    await subscribe(id, taken.body.seat.token, geese);
    const foxSocket = await joinTable(server, id, created.seat.token);
    const geeseSocket = await joinTable(server, id, taken.body.seat.token);
    foxSocket.send({ type: 'resign' });
    await service.waitFor(2); // ended, to both
    foxSocket.send({ type: 'rematch' });
    await service.waitFor(3); // the offer, to the geese
    geeseSocket.send({ type: 'rematch' }); // its ask completes the pair: the rematch opens, no offer is left to tell
    const { table: next, seat } = await geeseSocket.next('rematch'); // the geese player takes the fox seat
    // A correspondence game: the new fox (the geese's browser) is told at once, connected or not; and only that.
    await settle();
    expect(service.received.slice(3)).toMatchObject([
      { subscription: geese.number, payload: { type: 'your-move', table: next, variant: 'standard' } },
    ]);
    // Its move tells the new geese player through the subscription the old fox seat had.
    const newFox = await joinTable(server, next, seat!.token);
    newFox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    expect((await service.waitFor(5))[4]).toMatchObject({
      subscription: fox.number,
      payload: { type: 'your-move', table: next, move: 'd4-d5' },
    });
    await settle();
    expect(service.received).toHaveLength(5);
    await Promise.all([foxSocket.close(), geeseSocket.close(), newFox.close()]);
  });

  it('each offer (draw, takeback, rematch) to the opponent, and ended to both', async () => {
    const { id, tokens, fox, geese } = await subscribedTable();
    const foxSocket = await joinTable(server, id, tokens.fox);
    const geeseSocket = await joinTable(server, id, tokens.geese);
    const offer = (kind: string) => ({ type: 'offer', offer: kind, table: id, variant: 'standard' });
    foxSocket.send({ type: 'draw-offer' });
    expect((await service.waitFor(1))[0]).toMatchObject({
      subscription: geese.number,
      payload: offer('draw'),
      urgency: 'normal',
    });
    foxSocket.send({ type: 'move', ply: 0, path: ['d4', 'e5'] }); // the geese are connected: no your-move
    await geeseSocket.next('moved');
    foxSocket.send({ type: 'takeback-offer' });
    expect((await service.waitFor(2))[1]).toMatchObject({ subscription: geese.number, payload: offer('takeback') });
    geeseSocket.send({ type: 'resign' });
    const result = { winner: 'fox', reason: 'resignation' };
    const ended = (await service.waitFor(4)).slice(2).sort((a, b) => a.subscription - b.subscription);
    expect(ended).toMatchObject([
      { subscription: fox.number, payload: { type: 'ended', table: id, result } },
      { subscription: geese.number, payload: { type: 'ended', table: id, result } },
    ]);
    geeseSocket.send({ type: 'rematch' });
    expect((await service.waitFor(5))[4]).toMatchObject({ subscription: fox.number, payload: offer('rematch') });
    await settle();
    expect(service.received).toHaveLength(5);
    await Promise.all([foxSocket.close(), geeseSocket.close()]);
  });

  it('a subscription answered 410 is deleted; one answered 503 is tried again', async () => {
    const { id, tokens } = await table();
    const gone = service.subscribe();
    const busy = service.subscribe();
    await subscribe(id, tokens.geese, gone);
    await subscribe(id, tokens.geese, busy);
    service.answer.set(gone.number, 410);
    service.answer.set(busy.number, 503);
    const foxSocket = await joinTable(server, id, tokens.fox);
    foxSocket.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
    await settle();
    service.answer.delete(busy.number); // the service is back before the retry
    service.answer.delete(gone.number); // were it sent again, it would now be received
    const [retried] = await service.waitFor(1);
    expect(retried!.subscription).toBe(busy.number);
    // The next push (an offer goes to the opponent, online or not) reaches only the subscription still stored.
    foxSocket.send({ type: 'draw-offer' });
    await service.waitFor(2);
    await settle();
    expect(service.received.map((p) => p.subscription)).toEqual([busy.number, busy.number]);
    await foxSocket.close();
  });

  it('a push service that never answers holds up nobody else’s pushes', async () => {
    const slow = await TestPushService.start();
    slow.trust(publicKey);
    try {
      // Four tables whose geese each have five subscriptions at a service that never answers; the fox moves at each.
      for (let i = 0; i < 4; i++) {
        const { id, tokens } = await table();
        for (let n = 0; n < 5; n++) {
          const hung = slow.subscribe();
          slow.hung.add(hung.number);
          expect((await subscribe(id, tokens.geese, hung)).status).toBe(201);
        }
        const fox = await joinTable(server, id, tokens.fox);
        fox.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
        await fox.next('moved');
        await fox.close();
      }
      while (slow.held === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      // Another player's push goes at once.
      const { id, tokens, geese } = await subscribedTable();
      const fox = await joinTable(server, id, tokens.fox);
      const sent = Date.now();
      fox.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
      const [push] = await service.waitFor(1, 5000);
      expect(push!.subscription).toBe(geese.number);
      expect(Date.now() - sent).toBeLessThan(2000);
      await fox.close();
    } finally {
      await slow.close();
    }
  });

  it('a seat keeps its newest 5 subscriptions', async () => {
    const { id, tokens } = await table();
    const six = Array.from({ length: 6 }, () => service.subscribe());
    for (const subscription of six) {
      expect((await subscribe(id, tokens.geese, subscription)).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct creation times
    }
    const foxSocket = await joinTable(server, id, tokens.fox);
    foxSocket.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
    await service.waitFor(5);
    await settle();
    const reached = service.received.map((p) => p.subscription).sort((a, b) => a - b);
    expect(reached).toEqual(six.slice(1).map((s) => s.number));
    await foxSocket.close();
  });
});
