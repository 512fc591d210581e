// Cross-site requests: a browser page on another site may not create tables or take seats; bots (no Origin) may.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Answer, startServer, type TestServer } from '../testing/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ allowedOrigins: ['https://friends.example'] });
});
afterAll(async () => server.close());

/** POSTs JSON with an optional Origin header; returns status and body. */
async function post(path: string, body: unknown, origin?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (origin !== undefined) headers.origin = origin === 'SELF' ? server.base : origin;
  const response = await fetch(server.base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const FORBIDDEN = (origin: string) => ({
  status: 403,
  body: { error: { code: 'forbidden', message: `requests from ${origin} are not accepted here` } },
});

describe('cross-site requests', () => {
  it.each([
    ['no Origin (a bot, curl)', undefined, 201],
    ['the server’s own origin', 'SELF', 201],
    ['an origin in ALLOWED_ORIGINS', 'https://friends.example', 201],
    ['another site', 'https://evil.example', 403],
    ['the same host on another port', 'http://127.0.0.1:1', 403],
    ['a sandboxed frame', 'null', 403],
  ])('table creation from %s answers %i', async (_name, origin, status) => {
    const answer = await post('/api/tables', { variant: 'standard' }, origin);
    expect(answer.status).toBe(status);
    if (status === 403) expect(answer).toEqual(FORBIDDEN(origin!));
  });

  it('refuses a seat request from another site and leaves the seat free for its rightful taker', async () => {
    const created = await post('/api/tables', { variant: 'standard', side: 'fox' });
    const id = created.body.table.id as string;
    expect(await post(`/api/tables/${id}/seats`, {}, 'https://evil.example')).toEqual(
      FORBIDDEN('https://evil.example'),
    );
    const taken = await post(`/api/tables/${id}/seats`, {}, 'SELF');
    expect(taken.status).toBe(201);
    expect(taken.body.seat.side).toBe('geese');
  });

  it('still serves reads to any origin', async () => {
    const response = await fetch(`${server.base}/api/variants`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
  });
});
