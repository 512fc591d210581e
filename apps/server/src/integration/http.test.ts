// Every HTTP endpoint and every HTTP error code, through the real app on an ephemeral port.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { VARIANT_INFOS } from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { request, startServer, type TestServer } from '../testing/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ createLimit: 1000 });
});
afterAll(async () => server.close());

const TABLE_ID = /^[A-Za-z0-9_-]{12}$/;
const TOKEN = /^[A-Za-z0-9_-]{24}$/;

describe('GET /healthz', () => {
  it('answers ok', async () => {
    expect(await request(server.base, 'GET', '/healthz')).toEqual({ status: 200, body: { ok: true } });
  });
});

describe('GET /api/variants', () => {
  it('lists every variant with its options', async () => {
    const { status, body } = await request(server.base, 'GET', '/api/variants');
    expect(status).toBe(200);
    expect(body.variants.map((v: { id: string }) => v.id)).toEqual(['standard', 'two-foxes', 'big-cross', 'raevskak']);
    expect(body.variants[0]).toEqual({
      id: 'standard',
      name: VARIANT_INFOS[0]!.name,
      board: 'cross33',
      options: [
        { name: 'geese', values: [13, 15, 17], default: 13 },
        { name: 'sideways', values: [false, true], default: false },
      ],
      defaultOptions: { geese: 13, sideways: false },
      solved: [], // no solution table in a test's data folder (solution.test.ts builds one)
    });
  });
});

describe('POST /api/tables', () => {
  it('creates a waiting table and seats its creator', async () => {
    const { status, body } = await request(server.base, 'POST', '/api/tables', {
      variant: 'standard',
      options: { geese: 17 },
      side: 'geese',
    });
    expect(status).toBe(201);
    expect(body.seat.side).toBe('geese');
    expect(body.seat.token).toMatch(TOKEN);
    expect(body.table.id).toMatch(TABLE_ID);
    expect(body.table).toEqual({
      id: body.table.id,
      variant: 'standard',
      options: { geese: 17, sideways: false },
      status: 'waiting',
      seats: { fox: { taken: false, online: false }, geese: { taken: true, online: false } },
      spectators: 0,
      position: 'fox:d4 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,f4,g4 turn:fox quiet:0',
      turn: 'fox',
      ply: 0,
      moves: [],
      result: null,
      rematch: null,
      drawOffer: null,
      rematchRequests: [],
      takebackOffer: null,
      declined: { draw: null, takeback: null },
    });
  });

  it('picks a side at random when asked, and by default', async () => {
    const sides = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const body = i % 2 ? { variant: 'big-cross', side: 'random' } : { variant: 'big-cross' };
      sides.add((await request(server.base, 'POST', '/api/tables', body)).body.seat.side);
    }
    expect([...sides].sort()).toEqual(['fox', 'geese']);
  });

  it.each([
    [
      'an unknown variant',
      { variant: 'foxes-9' },
      /^bad table: variant: Invalid option: expected one of "standard"\|"two-foxes"\|"big-cross"\|"raevskak"$/,
    ],
    [
      'a bad option value',
      { variant: 'standard', options: { geese: 14 } },
      /^bad geese 14 for standard; expected 13 \| 15 \| 17$/,
    ],
    [
      'an unknown option',
      { variant: 'two-foxes', options: { geese: 13 } },
      /^unknown option "geese" for two-foxes; it takes none$/,
    ],
    ['a bad side', { variant: 'standard', side: 'goose' }, /^bad table: side: /],
    ['a body that is not JSON', '{variant', /^the body is not JSON$/],
    ['no body', undefined, /^bad table: body: Invalid input: expected object, received undefined$/],
  ])('answers 400 bad-request to %s', async (_name, body, message) => {
    const { status, body: answer } = await request(server.base, 'POST', '/api/tables', body);
    expect(status).toBe(400);
    expect(answer.error.code).toBe('bad-request');
    expect(answer.error.message).toMatch(message);
  });
});

describe('bodies', () => {
  it.each([['text/plain;charset=UTF-8'], ['application/x-www-form-urlencoded']])(
    'are read as JSON when sent as %s',
    async (type) => {
      const response = await fetch(`${server.base}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: '{"variant":"two-foxes"}',
      });
      expect(response.status).toBe(201);
      expect(((await response.json()) as { table: { variant: string } }).table.variant).toBe('two-foxes');
    },
  );
});

describe('GET /api/tables/:id', () => {
  it('shows a table', async () => {
    const created = await request(server.base, 'POST', '/api/tables', { variant: 'raevskak', side: 'fox' });
    const { status, body } = await request(server.base, 'GET', `/api/tables/${created.body.table.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ table: created.body.table });
  });

  it.each(['nosuchtable0', 'short', '..%2F..'])('answers 404 table-not-found for %s', async (id) => {
    const { status, body } = await request(server.base, 'GET', `/api/tables/${id}`);
    expect(status).toBe(404);
    expect(body.error.code).toBe('table-not-found');
  });

  // Ids past the router's default limit of 100 characters once got 414, `not-found` or a 400 from the static files.
  it.each([
    ['GET', '', 101],
    ['GET', '', 5000],
    ['GET', '/record', 101],
    ['GET', '/record', 5000],
    ['POST', '/seats', 101],
    ['POST', '/seats', 5000],
  ])(
    'answers %s /api/tables/<id>%s with an id of %i characters 404 table-not-found',
    async (method, suffix, length) => {
      const id = 'a'.repeat(length);
      const { status, body } = await request(
        server.base,
        method,
        `/api/tables/${id}${suffix}`,
        method === 'POST' ? {} : undefined,
      );
      expect({ status, body }).toEqual({
        status: 404,
        body: { error: { code: 'table-not-found', message: `no table "${id}"` } },
      });
    },
  );
});

describe('URLs that are not valid', () => {
  // Fastify answered these itself, in its own body shape: {"error":"Bad Request","code":"FST_ERR_BAD_URL",...}.
  it.each([
    ['GET', '/api/tables/%'],
    ['GET', '/api/tables/%E0%A4%A'],
    ['GET', '/api/tables/%/record'],
    ['POST', '/api/tables/%zz/seats'],
  ])('%s %s answers 404 table-not-found', async (method, path) => {
    const { status, body } = await request(server.base, method, path);
    expect({ status, body }).toEqual({
      status: 404,
      body: { error: { code: 'table-not-found', message: 'no table with this id: it is not a valid URL component' } },
    });
  });

  it('elsewhere answer 400 bad-request', async () => {
    const { status, body } = await request(server.base, 'GET', '/api/%zz');
    expect({ status, code: body.error.code }).toEqual({ status: 400, code: 'bad-request' });
  });
});

describe('GET /api/tables/:id/record', () => {
  it('gives the replayable record', async () => {
    const created = await request(server.base, 'POST', '/api/tables', {
      variant: 'standard',
      options: { sideways: true },
    });
    const { status, body } = await request(server.base, 'GET', `/api/tables/${created.body.table.id}/record`);
    expect(status).toBe(200);
    expect(body).toEqual({
      record: { variant: 'standard', options: { geese: 13, sideways: true }, moves: [] },
      result: null,
    });
  });

  it('answers 404 table-not-found', async () => {
    expect((await request(server.base, 'GET', '/api/tables/nosuchtable0/record')).body.error.code).toBe(
      'table-not-found',
    );
  });
});

describe('GET /api/tables/:id, per address', () => {
  it('answers 429 rate-limited past its reads a minute, of the view and of the record (each loads the table)', async () => {
    const limited = await startServer({ tableReadsPerMinute: 5 });
    try {
      const { table } = (await request(limited.base, 'POST', '/api/tables', { variant: 'standard' })).body;
      for (const path of [`/api/tables/${table.id}`, `/api/tables/${table.id}/record`]) {
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push(await request(limited.base, 'GET', path));
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
        expect(answers[5]!.body.error.code).toBe('rate-limited');
      }
    } finally {
      await limited.close();
    }
  });
});

describe('answers that carry a seat token', () => {
  it('are never stored by a cache (Cache-Control: no-store)', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await post('/api/tables', { variant: 'standard', side: 'fox' });
    expect([created.status, created.headers.get('cache-control')]).toEqual([201, 'no-store']);
    const { table } = (await created.json()) as { table: { id: string } };
    const seated = await post(`/api/tables/${table.id}/seats`, {});
    expect([seated.status, seated.headers.get('cache-control')]).toEqual([201, 'no-store']);
  });
});

describe('POST /api/tables/:id/seats', () => {
  it.each([
    ['no body', undefined, 'geese'],
    ['an empty object', {}, 'geese'],
    ['the free side', { side: 'geese' }, 'geese'],
  ])('with %s takes the free seat', async (_name, body, side) => {
    const created = await request(server.base, 'POST', '/api/tables', { variant: 'standard', side: 'fox' });
    const { status, body: answer } = await request(
      server.base,
      'POST',
      `/api/tables/${created.body.table.id}/seats`,
      body,
    );
    expect(status).toBe(201);
    expect(answer.seat.side).toBe(side);
    expect(answer.seat.token).toMatch(TOKEN);
    const view = await request(server.base, 'GET', `/api/tables/${created.body.table.id}`);
    expect(view.body.table.status).toBe('playing');
  });

  it('answers 409 seat-taken when the asked seat is taken', async () => {
    const created = await request(server.base, 'POST', '/api/tables', { variant: 'standard', side: 'fox' });
    const { status, body } = await request(server.base, 'POST', `/api/tables/${created.body.table.id}/seats`, {
      side: 'fox',
    });
    expect({ status, body }).toEqual({
      status: 409,
      body: { error: { code: 'seat-taken', message: 'the fox seat is taken' } },
    });
  });

  it('answers 409 seat-taken when both seats are taken', async () => {
    const created = await request(server.base, 'POST', '/api/tables', { variant: 'standard' });
    await request(server.base, 'POST', `/api/tables/${created.body.table.id}/seats`);
    const { status, body } = await request(server.base, 'POST', `/api/tables/${created.body.table.id}/seats`);
    expect({ status, body }).toEqual({
      status: 409,
      body: { error: { code: 'seat-taken', message: 'both seats are taken' } },
    });
  });

  it('answers 404 table-not-found', async () => {
    const { status, body } = await request(server.base, 'POST', '/api/tables/nosuchtable0/seats', {});
    expect({ status, code: body.error.code }).toEqual({ status: 404, code: 'table-not-found' });
  });

  it('answers 400 bad-request to a bad side', async () => {
    const created = await request(server.base, 'POST', '/api/tables', { variant: 'standard' });
    const { status, body } = await request(server.base, 'POST', `/api/tables/${created.body.table.id}/seats`, {
      side: 'random',
    });
    expect({ status, code: body.error.code }).toEqual({ status: 400, code: 'bad-request' });
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nothing'],
    ['POST', '/api/tables/x/y/z'],
    ['DELETE', '/api/tables'],
  ])('%s %s answers 404 not-found', async (method, path) => {
    const { status, body } = await request(server.base, method, path);
    expect({ status, body }).toEqual({
      status: 404,
      body: { error: { code: 'not-found', message: `no route ${method} ${path}` } },
    });
  });

  it('a plain GET of a socket address answers 400 bad-request', async () => {
    const { status, body } = await request(server.base, 'GET', '/api/tables/abcdefghijkl/ws');
    expect({ status, body }).toEqual({
      status: 400,
      body: { error: { code: 'bad-request', message: 'this address takes WebSocket connections only' } },
    });
  });

  it('the root says the web app is not built when it is not', async () => {
    const { status, body } = await request(server.base, 'GET', '/');
    expect(status).toBe(200);
    expect(body).toMatch(/^The web app is not built/);
  });
});

describe('rate limits', () => {
  it('by default let one address create 120 tables and take their seats within a minute', async () => {
    const defaults = await startServer();
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 120; i++) {
        const created = await request(defaults.base, 'POST', '/api/tables', { variant: 'standard' });
        statuses.add(created.status);
        statuses.add((await request(defaults.base, 'POST', `/api/tables/${created.body.table.id}/seats`)).status);
      }
      expect([...statuses]).toEqual([201]);
    } finally {
      await defaults.close();
    }
  });

  it('answers 429 rate-limited when one address creates too many tables', async () => {
    const limited = await startServer({ createLimit: 2 });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await request(limited.base, 'POST', '/api/tables', { variant: 'standard' })).status);
      const { body } = await request(limited.base, 'POST', '/api/tables', { variant: 'standard' });
      expect(statuses).toEqual([201, 201, 429]);
      expect(body.error.code).toBe('rate-limited');
      expect(body.error.message).toMatch(/^too many requests; try again in /);
    } finally {
      await limited.close();
    }
  });
});

describe('the web app', () => {
  let web: TestServer;
  beforeAll(async () => {
    const webDir = join(server.dataDir, 'web');
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    web = await startServer({ webDir });
  });
  afterAll(async () => web.close());

  const page = async (path: string, accept = 'text/html') => {
    const response = await fetch(web.base + path, { headers: { accept } });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      cache: response.headers.get('cache-control'),
      text: await response.text(),
    };
  };

  it.each([
    ['/', 'app'],
    // Table and variant pages carry their own title for link previews (routes/page-meta.ts).
    ['/variants/standard', 'Fox and Geese: rules and history · Fox and Geese'],
    ['/t/abcdefghijkl', 'Fox and Geese'],
    ['/somewhere/else?lang=ru', 'app'],
  ])('answers %s with index.html', async (path, title) => {
    expect(await page(path)).toEqual({
      status: 200,
      type: 'text/html; charset=utf-8',
      cache: 'no-cache',
      text: `<!doctype html><title>${title}</title>`,
    });
  });

  it('serves built files, cached for good', async () => {
    expect(await page('/assets/app-1234.js', '*/*')).toMatchObject({
      status: 200,
      cache: 'public, max-age=31536000, immutable',
      text: 'console.log(1)',
    });
  });

  it('keeps JSON 404s for unknown API routes and missing files', async () => {
    expect((await page('/api/nothing')).status).toBe(404);
    expect(JSON.parse((await page('/api/nothing')).text).error.code).toBe('not-found');
    expect((await page('/assets/missing.js', '*/*')).status).toBe(404);
  });

  it('still answers the API', async () => {
    expect((await request(web.base, 'GET', '/api/variants')).status).toBe(200);
  });
});

describe('GET /api/tables?ids= (an addition)', () => {
  it('answers the views of the tables found, in the order asked, without unknown or repeated ids', async () => {
    const one = (await request(server.base, 'POST', '/api/tables', { variant: 'standard' })).body.table;
    const two = (await request(server.base, 'POST', '/api/tables', { variant: 'raevskak' })).body.table;
    const answer = await request(server.base, 'GET', `/api/tables?ids=${two.id},nosuchtable1,${one.id},${two.id},x`);
    expect(answer.status).toBe(200);
    expect(answer.body.tables.map((t: { id: string }) => t.id)).toEqual([two.id, one.id]);
    expect(answer.body.tables[1]).toEqual(one);
  });

  it('takes the ids repeated as well as comma-separated', async () => {
    const a = (await request(server.base, 'POST', '/api/tables', { variant: 'standard' })).body.table;
    const b = (await request(server.base, 'POST', '/api/tables', { variant: 'two-foxes' })).body.table;
    const c = (await request(server.base, 'POST', '/api/tables', { variant: 'big-cross' })).body.table;
    const answer = await request(server.base, 'GET', `/api/tables?ids=${a.id}&ids=${b.id},${c.id}&ids=`);
    expect(answer.status).toBe(200);
    expect(answer.body.tables.map((t: { id: string }) => t.id)).toEqual([a.id, b.id, c.id]);
  });

  it.each([[''], ['?ids='], [`?ids=${Array.from({ length: 51 }, (_, i) => `table${100000 + i}`).join(',')}`]])(
    'refuses %s with 400 bad-request',
    async (query) => {
      const answer = await request(server.base, 'GET', `/api/tables${query}`);
      expect(answer).toMatchObject({ status: 400, body: { error: { code: 'bad-request' } } });
    },
  );
});
