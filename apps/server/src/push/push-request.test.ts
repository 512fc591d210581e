// One request to a push service on real sockets: a host that accepts the connection but never completes the TLS
// handshake is given up at the connect deadline, one that never answers at the total deadline.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { postPush } from './push-request.js';

const servers: (Server | HttpServer)[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Listens on a free port of 127.0.0.1; the port. */
async function listen(server: Server | HttpServer): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** How the request ended, and after how many ms. */
async function outcome(endpoint: string): Promise<{ error: string; ms: number }> {
  const started = Date.now();
  const error = await postPush(endpoint, {}, Buffer.from('x'), { connectMs: 300, totalMs: 1500 }).then(
    () => 'answered',
    (e: unknown) => (e as Error).message,
  );
  return { error, ms: Date.now() - started };
}

describe('postPush', () => {
  it('gives up a connection whose TLS handshake never completes at the connect deadline', async () => {
    // Accepts the TCP connection and then says nothing: the handshake waits for ever.
    const port = await listen(createServer((socket) => void sockets.push(socket)));
    const { error, ms } = await outcome(`https://127.0.0.1:${port}/push/1`);
    expect(error).toBe('no connection within 300 ms');
    expect(ms).toBeLessThan(1400); // before the total deadline
  });

  it('gives up a service that is connected but never answers at the total deadline', async () => {
    const port = await listen(createHttpServer((request) => void sockets.push(request.socket)));
    const { error, ms } = await outcome(`http://127.0.0.1:${port}/push/1`);
    expect(error).toBe('no answer within 1500 ms');
    expect(ms).toBeGreaterThanOrEqual(1400);
  });
});
