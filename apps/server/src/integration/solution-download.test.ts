// The compact table for browsers: GET /api/solution/status offers it (size and address) where table.fgc is
// installed, and GET /api/solution/standard/table sends its bytes (an ETag, 304 when unchanged, rate-limited);
// a server with only a format-1 table offers nothing.
import { readFileSync, rmSync } from 'node:fs';

import { compactPath } from '@fg/solver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TABLE_DOWNLOADS_PER_MINUTE } from '../solution/solution-routes.js';
import { request, startServer, type TestServer } from '../testing/harness.js';
import { buildCompactTestTable, buildTestTable } from '../testing/solution-table.js';

let compact: string;
let full: string;
let server: TestServer;
let formatOne: TestServer;

beforeAll(async () => {
  [compact, full] = await Promise.all([buildCompactTestTable(6), buildTestTable(6)]);
  [server, formatOne] = await Promise.all([startServer({ solutionDir: compact }), startServer({ solutionDir: full })]);
}, 150_000);

afterAll(async () => {
  await Promise.all([server.close(), formatOne.close()]);
  for (const dir of [compact, full]) rmSync(dir, { recursive: true, force: true });
});

describe('the compact table for browsers', () => {
  it('is offered by the status with its size and address, and sent whole with an ETag', async () => {
    const bytes = readFileSync(compactPath(compact, 13));
    const status = await request(server.base, 'GET', '/api/solution/status');
    expect(status.body.download).toEqual({
      geese: 13,
      bytes: bytes.length,
      url: '/api/solution/standard/table?geese=13',
    });
    const response = await fetch(`${server.base}/api/solution/standard/table?geese=13`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(TABLE_DOWNLOADS_PER_MINUTE));
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = response.headers.get('etag')!;
    const again = await fetch(`${server.base}/api/solution/standard/table`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it.each([
    ['another geese count', '/api/solution/standard/table?geese=15', 404, 'not-solved'],
    ['another variant', '/api/solution/two-foxes/table', 404, 'not-solved'],
    ['a bad query', '/api/solution/standard/table?geese=many', 400, 'bad-request'],
    ['an unknown parameter', '/api/solution/standard/table?format=1', 400, 'bad-request'],
  ])('refuses %s', async (_what, path, status, code) => {
    const answer = await request(server.base, 'GET', path);
    expect([answer.status, answer.body.error.code]).toEqual([status, code]);
  });

  it('is not offered where only a format-1 table is installed', async () => {
    expect((await request(formatOne.base, 'GET', '/api/solution/status')).body.download).toBeNull();
    const answer = await request(formatOne.base, 'GET', '/api/solution/standard/table?geese=13');
    expect([answer.status, answer.body.error.code]).toEqual([404, 'not-solved']);
  });
});
