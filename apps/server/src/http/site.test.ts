// The Host header through a real server and raw HTTP requests: one that cannot be a host answers 400 in the protocol's
// shape on every route (it was written into the CSP and answered 500), and with PUBLIC_HOSTS only the site's own
// names are served (a page reached by DNS rebinding on 127.0.0.1 gets nothing), the health probes excepted.
import { request as httpRequest } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startServer, TestClient, type TestServer } from '../testing/harness.js';

let open: TestServer;
let guarded: TestServer;
beforeAll(async () => {
  open = await startServer();
  guarded = await startServer({ publicHosts: ['fox.example', 'www.fox.example'] });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});

/** A GET with the given Host header, as a client may send it; its status and body. */
function get(server: TestServer, path: string, host: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.base);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ hostname, port, path, headers: { host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    sent.once('error', reject);
    sent.end();
  });
}

const BAD_HOST = JSON.stringify({ error: { code: 'bad-request', message: 'the Host header is not a host name' } });

describe('the Host header', () => {
  it.each([
    ['a;b', '/'],
    ['a;b', '/api/variants'],
    ['a,b', '/api/tables/aaaaaaaaaaaa'],
    ['x"y', '/t/aaaaaaaaaaaa'],
    ['a b', '/api/lobby'],
  ])('%s on %s answers 400 bad-request', async (host, path) => {
    expect(await get(open, path, host)).toEqual({ status: 400, body: BAD_HOST });
  });

  it.each([['127.0.0.1'], ['fox.example:3000'], ['[::1]:3000'], ['localhost']])('%s is served', async (host) => {
    expect((await get(open, '/api/variants', host)).status).toBe(200);
  });
});

describe('PUBLIC_HOSTS', () => {
  const notServed = (host: string) =>
    JSON.stringify({ error: { code: 'bad-request', message: `this server does not answer for ${host}` } });

  it.each([
    ['fox.example', '/api/variants', 200],
    ['www.fox.example:443', '/api/variants', 200],
    ['FOX.example', '/api/variants', 200],
    ['127.0.0.1:3000', '/healthz', 200],
    ['evil.example', '/readyz', 200],
  ])('%s on %s answers %i', async (host, path, status) => {
    expect((await get(guarded, path, host)).status).toBe(status);
  });

  it.each([['127.0.0.1'], ['evil.example'], ['sub.fox.example']])('%s answers 400 and nothing else', async (host) => {
    expect(await get(guarded, '/api/variants', host)).toEqual({ status: 400, body: notServed(host) });
  });

  it('refuses a WebSocket upgrade for another host', async () => {
    const url = guarded.wsUrl('aaaaaaaaaaaa');
    await expect(TestClient.connect(url, { headers: { host: 'evil.example' } })).rejects.toThrow('400');
    const client = await TestClient.connect(url, { headers: { host: 'fox.example' } });
    await client.close();
  });
});
