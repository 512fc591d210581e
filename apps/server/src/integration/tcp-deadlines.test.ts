// A connection that sends nothing, or part of a request head, is closed by the server's own deadlines
// (socket/tcp-deadlines.ts): real TCP sockets against the real app, with short settings.
import { connect, type Socket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { request, startServer, type TestServer } from '../testing/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ firstByteMs: 300, headersMs: 800 });
});
afterAll(async () => server.close());

/** Opens a raw TCP connection to the server; resolves once connected. */
const open = (): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(server.base).port), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

/** Ms until the server closes the socket (or `limit`, then -1). */
const closedWithin = (socket: Socket, limit: number): Promise<number> =>
  new Promise((resolve) => {
    const started = Date.now();
    const timer = setTimeout(() => resolve(-1), limit);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
    socket.on('error', () => undefined);
    socket.resume();
  });

describe('TCP deadlines', () => {
  it('closes a connection that sends nothing at the first-byte deadline', async () => {
    const sockets = await Promise.all([open(), open(), open()]);
    const closed = await Promise.all(sockets.map((s) => closedWithin(s, 3_000)));
    for (const ms of closed) {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(1_000);
    }
  });

  it('closes a connection that sends half a request head at the headers deadline', async () => {
    const socket = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const ms = await closedWithin(socket, 3_000);
    expect(ms).toBeGreaterThan(300); // it spoke in time: only the headers deadline applies
    expect(ms).toBeLessThan(1_500);
  });

  it("answers headers over Node's 16 KB with 431 in the protocol's error shape, and closes", async () => {
    const socket = await open();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(await closedWithin(socket, 3_000)).toBeGreaterThanOrEqual(0);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(head).toContain('content-type: application/json; charset=utf-8');
    expect(JSON.parse(body!)).toEqual({
      error: { code: 'bad-request', message: 'the request headers are too large (16 KB at most)' },
    });
  });

  it('leaves a whole request alone, and keeps serving', async () => {
    const socket = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await closedWithin(socket, 3_000);
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    expect((await request(server.base, 'GET', '/healthz')).status).toBe(200);
  });
});
