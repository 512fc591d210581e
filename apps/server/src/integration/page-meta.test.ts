// Link previews: table and variant pages carry OpenGraph/Twitter tags; the pictures are PNGs of the position.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resultWords } from '../routes/page-meta.js';
import { request, seatedTable, startServer, type TestServer } from '../testing/harness.js';

let server: TestServer;
beforeAll(async () => {
  const web = join(process.env.TMPDIR ?? '/tmp', `fg-web-${process.pid}`);
  mkdirSync(web, { recursive: true });
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><html><head><title>Fox and Geese</title></head><body></body></html>',
  );
  server = await startServer({ webDir: web });
});
afterAll(async () => server.close());

const page = async (path: string): Promise<string> =>
  (await fetch(server.base + path, { headers: { accept: 'text/html' } })).text();

const meta = (html: string, name: string): string | undefined =>
  new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)" />`).exec(html)?.[1];

/** The data block a table page carries (routes/page-data.ts). */
const carried = (html: string): unknown =>
  JSON.parse(/<script type="application\/json" id="fg-page-data">([^<]*)<\/script>/.exec(html)![1]!);

describe('a table page carries its table', () => {
  it('the view the API answers and the variant list, so the board needs no request of its own', async () => {
    const { id, fox, geese } = await seatedTable(server);
    const html = await page(`/t/${id}`);
    const api = await request(server.base, 'GET', `/api/tables/${id}`);
    const variants = await request(server.base, 'GET', '/api/variants');
    expect(carried(html)).toEqual({ table: api.body.table, variants: variants.body.variants });
    await Promise.all([fox.close(), geese.close()]);
  });

  it('null for a table that does not exist, so the page says so at once', async () => {
    expect(carried(await page('/t/NoSuchTable1'))).toMatchObject({ table: null });
  });
});

describe('link previews', () => {
  it('tags a table page with its variant, state and a picture of its position', async () => {
    const created = await request(server.base, 'POST', '/api/tables', { variant: 'two-foxes' });
    const id = created.body.table.id as string;
    const html = await page(`/t/${id}`);
    expect(html).toContain('<title>Two Foxes (Halatafl) · Fox and Geese</title>');
    expect(meta(html, 'og:title')).toBe('Two Foxes (Halatafl) · Fox and Geese');
    expect(meta(html, 'og:description')).toBe(
      'Played online with a friend. A seat is free: take it and play, no registration.',
    );
    expect(meta(html, 'og:url')).toBe(`${server.base}/t/${id}`);
    expect(meta(html, 'og:image')).toBe(`${server.base}/api/tables/${id}/preview.png`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    const image = await fetch(meta(html, 'og:image')!);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([800, 420]);
  });

  it('names the standard game once, and a finished game by its result', async () => {
    const { id, fox, geese } = await seatedTable(server);
    let html = await page(`/t/${id}`);
    expect(meta(html, 'og:title')).toBe('Fox and Geese');
    expect(html).toContain('<title>Fox and Geese</title>');
    geese.send({ type: 'resign' });
    await fox.next('ended');
    await Promise.all([fox.close(), geese.close()]);
    html = await page(`/t/${id}`);
    expect(meta(html, 'og:title')).toBe('Fox and Geese');
    expect(meta(html, 'og:description')).toBe(
      'Played online with a friend. The fox won: the geese resigned. Game over after 0 moves.',
    );
  });

  it('counts one move in the singular', async () => {
    const { id, fox, geese } = await seatedTable(server);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    await geese.next('moved');
    geese.send({ type: 'resign' });
    await fox.next('ended');
    await Promise.all([fox.close(), geese.close()]);
    expect(meta(await page(`/t/${id}`), 'og:description')).toBe(
      'Played online with a friend. The fox won: the geese resigned. Game over after 1 move.',
    );
  });

  it.each([
    [{ winner: 'geese', reason: 'fox-trapped' }, 'The geese won: the fox cannot move.'],
    [{ winner: 'fox', reason: 'timeout' }, 'The fox won: the geese ran out of time.'],
    [{ winner: null, reason: 'draw-agreed' }, 'A draw: agreed by both players.'],
    [{ winner: null, reason: 'aborted' }, 'Aborted: a first move did not come in time.'],
  ] as const)('words the result %j', (result, words) => {
    expect(resultWords(result)).toBe(words);
  });

  it.each(['standard', 'two-foxes', 'big-cross', 'raevskak'])('tags the variant page of %s', async (id) => {
    const html = await page(`/variants/${id}`);
    expect(meta(html, 'og:image')).toBe(`${server.base}/api/variants/${id}/preview.png`);
    expect(meta(html, 'og:description')).toMatch(/the rules, how it differs from the standard game, its history/);
    const image = await fetch(`${server.base}/api/variants/${id}/preview.png`);
    expect(image.status).toBe(200);
  });

  it('escapes what it puts into the page, and answers unknown pictures with the protocol error', async () => {
    const html = await page('/variants/%22%3E%3Cscript%3E');
    expect(html).not.toContain('"><script>');
    const missing = await request(server.base, 'GET', '/api/tables/nosuchtable1/preview.png');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'table-not-found']);
  });
});
