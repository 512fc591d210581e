// Clients that stop reading, stop answering or never say hello, over real TCP sockets to a real server.
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';

import type { Config } from '../config.js';
import { joinTable, request, seatedTable, startServer, TestClient, type TestServer } from '../testing/harness.js';
import { RawSocket } from '../testing/raw-socket.js';

const CAP = 64 * 1024;
const FREE_RATE: Partial<Config> = { messageBurst: 1_000_000, messageRate: 1_000_000, maxStrikes: 1_000_000 };

const servers: TestServer[] = [];
const raws: RawSocket[] = [];
afterEach(async () => {
  for (const raw of raws.splice(0)) raw.destroy();
  for (const server of servers.splice(0)) await server.close();
});

const start = async (overrides: Partial<Config> = {}): Promise<TestServer> => {
  const server = await startServer({ maxQueuedBytes: CAP, ...FREE_RATE, ...overrides });
  servers.push(server);
  return server;
};

const openRaw = async (url: string, headers: Record<string, string> = {}, localAddress?: string) => {
  const raw = await RawSocket.open(url, headers, localAddress);
  raws.push(raw);
  return raw;
};

/** The server's side of every open socket. */
const serverSockets = (server: TestServer): WebSocket[] => [...server.app.websocketServer.clients];

/** Sends hellos in rounds until `enough()`, letting the server answer each round; returns how many were sent. */
async function helloUntil(raw: RawSocket, hello: object, enough: () => boolean, max = 40_000): Promise<number> {
  let sent = 0;
  while (!enough() && sent < max) {
    for (let i = 0; i < 20; i++) raw.sendText(JSON.stringify(hello));
    sent += 20;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return sent;
}

describe('a client that stops reading', () => {
  it('as a spectator is closed with 1013 once its queue passes the cap, and the table goes on for the others', async () => {
    const server = await start();
    const created = await request(server.base, 'POST', '/api/tables', { variant: 'standard', side: 'fox' });
    const id = created.body.table.id as string;
    const watcher = await joinTable(server, id);
    const slow = await openRaw(server.wsUrl(id));
    slow.sendText('{"type":"hello"}');
    await slow.until(() => slow.messages().some((m) => m.type === 'welcome'));
    slow.pause();
    // Each hello is answered with a whole welcome; not read, they fill the kernel's buffers, then the server's.
    const before = serverSockets(server).length;
    let largest = 0;
    await helloUntil(slow, { type: 'hello' }, () => {
      for (const socket of serverSockets(server)) largest = Math.max(largest, socket.bufferedAmount);
      return serverSockets(server).some((s) => s.readyState !== 1);
    });
    // Never more than the cap plus the one message that did not fit.
    expect(largest).toBeLessThanOrEqual(CAP + 2048);
    slow.resume();
    await slow.until(() => slow.closeCode() !== null);
    expect(slow.closeCode()).toBe(1013);
    expect(before).toBe(2);

    // The table is unaffected: the watcher still gets what happens there.
    const seat = await request(server.base, 'POST', `/api/tables/${id}/seats`, {});
    expect(seat.status).toBe(201);
    const presence = await watcher.next('presence', (m) => m.seats.geese.taken);
    expect(presence.seats.geese).toEqual({ taken: true, online: false });
    await watcher.close();
  });

  it('as a player keeps every message but presence, and gets the latest presence once it reads again', async () => {
    const server = await start();
    const table = await seatedTable(server);
    await table.fox.close();
    const fox = await openRaw(server.wsUrl(table.id));
    const hello = { type: 'hello', token: table.tokens.fox };
    fox.sendText(JSON.stringify(hello));
    await fox.until(() => fox.messages().some((m) => m.type === 'welcome'));
    fox.pause();
    const foxSide = (): WebSocket =>
      serverSockets(server).reduce((a, b) => (a.bufferedAmount > b.bufferedAmount ? a : b));
    const sent = await helloUntil(fox, hello, () => foxSide().bufferedAmount > CAP);

    // Spectators come and go while the fox does not read: their presence is not queued for it.
    const watchers = await Promise.all([1, 2, 3, 4, 5].map(() => joinTable(server, table.id)));
    await watchers[0]!.close();
    // Presence is coalesced (one per 250 ms with the latest counts), so 5 may never be told: wait for the latest.
    await table.geese.next('presence', (m) => m.spectators === 4);
    expect(foxSide().readyState).toBe(1);

    fox.resume();
    await fox.until(() => {
      const last = fox.messages().at(-1);
      return last?.type === 'presence' && last.spectators === 4;
    });
    const messages = fox.messages();
    expect(messages.filter((m) => m.type === 'welcome')).toHaveLength(sent + 1);
    // Five joins and a leave made six presence broadcasts after the fox fell behind; it got at most the latest.
    const presences = messages.filter((m) => m.type === 'presence');
    expect(presences.at(-1)).toEqual({
      type: 'presence',
      seats: { fox: { taken: true, online: true }, geese: { taken: true, online: true } },
      spectators: 4,
    });
    expect(presences.filter((m) => (m.spectators as number) > 0)).toHaveLength(1);
    expect(fox.closeCode()).toBeNull();
    for (const watcher of watchers.slice(1)) await watcher.close();
    await table.geese.close();
  });
});

describe('liveness', () => {
  const PONG_TIMEOUT_MS = 2000;

  it('terminates a socket that does not answer pings, so its seat shows offline; one that answers stays', async () => {
    // A pong is due within 2 s: a worker starved for a few hundred ms on a loaded machine must not cut the geese,
    // whose pongs wait in the same event loop as the server's sweep.
    const server = await start({ pingMs: 200, pongTimeoutMs: PONG_TIMEOUT_MS });
    const table = await seatedTable(server);
    await table.fox.close();
    await table.geese.next('presence', (m) => !m.seats.fox.online);
    const fox = await openRaw(server.wsUrl(table.id));
    fox.sendText(JSON.stringify({ type: 'hello', token: table.tokens.fox }));
    // Silent from its hello on; the presence telling it online may come up to 250 ms later (coalesced).
    const silentSince = Date.now();
    await table.geese.next('presence', (m) => m.seats.fox.online);
    await fox.until(() => fox.ended, 4 * PONG_TIMEOUT_MS);
    const silentFor = Date.now() - silentSince;
    expect(silentFor).toBeGreaterThanOrEqual(PONG_TIMEOUT_MS - 100);
    expect(fox.frames.some((f) => f.opcode === 9)).toBe(true); // it was pinged
    expect(fox.closeCode()).toBeNull(); // terminated: no close handshake with a dead peer
    const offline = await table.geese.next('presence', (m) => !m.seats.fox.online);
    expect(offline.seats.fox).toEqual({ taken: true, online: false });
    // The geese's client library answers pings: it is still there, well past the timeout.
    expect(table.geese.socket.readyState).toBe(1);
    table.geese.send({ type: 'ping' });
    await table.geese.next('pong');
    await table.geese.close();
  });

  it('closes a socket that does not say hello in time with 1008; one that did is kept', async () => {
    const server = await start({ helloMs: 300 });
    const created = await request(server.base, 'POST', '/api/tables', { variant: 'standard' });
    const id = created.body.table.id as string;
    const joined = await joinTable(server, id);
    const mute = await TestClient.connect(server.wsUrl(id));
    const closed = await mute.closed;
    expect(closed).toEqual({ code: 1008, reason: 'say hello within 0.3 s' });
    expect(joined.socket.readyState).toBe(1);
    await joined.close();
  });
});

describe('connections per address', () => {
  it('refuses the upgrade past the limit with 429, counts each address apart, and frees a place on close', async () => {
    const server = await start({ maxConnectionsPerAddress: 3 });
    const url = server.wsUrl('aaaaaaaaaaaa');
    const three = await Promise.all([1, 2, 3].map(() => openRaw(url)));
    expect(three.map((r) => r.status)).toEqual([101, 101, 101]);
    const fourth = await openRaw(url);
    expect(fourth.status).toBe(429);
    expect(fourth.head).toMatch(/content-type: application\/json/i);
    const other = await openRaw(url, {}, '127.0.0.2');
    expect(other.status).toBe(101);
    three[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await openRaw(url)).status).toBe(101);
    // The close gave back exactly one place: the address is full again.
    expect((await openRaw(url)).status).toBe(429);
    // Plain requests to the socket's address (on keep-alive connections) hold no place.
    three[1]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < 5; i++) expect((await fetch(url.replace('ws:', 'http:'))).status).toBe(400);
    expect((await openRaw(url)).status).toBe(101);
    expect((await openRaw(url)).status).toBe(429);
  });

  it('gives the places back of sockets the server closed itself (no hello, broken frames), once each', async () => {
    const server = await start({ maxConnectionsPerAddress: 2, helloMs: 200 });
    const url = server.wsUrl('aaaaaaaaaaaa');
    for (let round = 0; round < 3; round++) {
      const mute = await Promise.all([TestClient.connect(url), TestClient.connect(url)]);
      expect((await openRaw(url)).status).toBe(429);
      const closed = await Promise.all(mute.map((client) => client.closed));
      expect(closed.map((c) => c.code)).toEqual([1008, 1008]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Broken frames end the connection from the error listener (the table socket's own): their places come back too.
    for (let round = 0; round < 3; round++) {
      const broken = await Promise.all([openRaw(url), openRaw(url)]);
      expect(broken.map((r) => r.status)).toEqual([101, 101]);
      for (const raw of broken) raw.tcp.write(Buffer.from([0xc1, 0x80, 1, 2, 3, 4])); // RSV1 set: refused
      await Promise.all(broken.map((raw) => raw.until(() => raw.ended)));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const last = await Promise.all([openRaw(url), openRaw(url), openRaw(url)]);
    expect(last.map((r) => r.status).sort()).toEqual([101, 101, 429]);
  });

  it('sets the HTTP timeouts, so idle and dribbling connections give their descriptors back', async () => {
    const server = await start();
    const http = server.app.server;
    expect([http.timeout, http.requestTimeout, http.keepAliveTimeout]).toEqual([60_000, 30_000, 10_000]);
  });
});

describe('cross-site sockets', () => {
  it.each([
    ['no Origin (a bot)', {}, 101],
    ['the server’s own origin', { Origin: 'SELF' }, 101],
    ['another site', { Origin: 'https://evil.example' }, 403],
    ['a sandboxed frame', { Origin: 'null' }, 403],
  ])('upgrades from %s: %i', async (_name, headers: Record<string, string>, status) => {
    const server = await start();
    const origin = headers.Origin === 'SELF' ? { Origin: server.base } : headers;
    const raw = await openRaw(server.wsUrl('aaaaaaaaaaaa'), origin);
    expect(raw.status).toBe(status);
  });
});
