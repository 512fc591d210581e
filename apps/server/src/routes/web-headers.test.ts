// Security headers and compressed, cached static files, through a real server and fetch.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startServer, type TestServer } from '../testing/harness.js';

const SCRIPT = `console.log(${JSON.stringify('fox and geese '.repeat(200))});`;
const INDEX = '<!doctype html><title>app</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>';

let web: TestServer;
const webDir = mkdtempSync(join(tmpdir(), 'fg-web-'));
beforeAll(async () => {
  // A build as Vite leaves it: a hashed asset with its .br and .gz copies beside it.
  const asset = join(webDir, 'assets', 'index-Ab12Cd34.js');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), INDEX);
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  web = await startServer({ webDir });
});
afterAll(async () => {
  await web.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(web.base + path, { headers });

describe('static files', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', null],
  ])('sends a hashed asset to a client accepting %s as %s, cached for a year', async (accepted, encoding) => {
    const response = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': accepted });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(await response.text()).toBe(SCRIPT); // fetch decodes what it was sent
  });

  it.each([
    ['/', 'app'],
    // Table and variant pages carry their own title for link previews (routes/page-meta.ts).
    ['/t/V1StGXR8_Z5j', 'Fox and Geese'],
    ['/variants/standard', 'Fox and Geese: rules and history · Fox and Geese'],
  ])('sends %s as index.html, never cached', async (path, title) => {
    const response = await get(path, { accept: 'text/html' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX.replace('<title>app</title>', `<title>${title}</title>`));
  });
});

describe('security headers', () => {
  it.each(['/', '/t/V1StGXR8_Z5j'])('%s has a Content-Security-Policy without inline script', async (path) => {
    const response = await get(path, { accept: 'text/html' });
    const host = new URL(web.base).host;
    expect(response.headers.get('content-security-policy')).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "media-src 'self' data: blob:",
        `connect-src 'self' ws://${host} wss://${host}`,
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join(';'),
    );
  });

  it.each(['/', '/assets/index-Ab12Cd34.js', '/api/variants', '/api/tables/nothing-here'])(
    '%s forbids sniffing, framing and cross-site referrers',
    async (path) => {
      const response = await get(path, { accept: 'text/html' });
      expect({
        nosniff: response.headers.get('x-content-type-options'),
        frame: response.headers.get('x-frame-options'),
        referrer: response.headers.get('referrer-policy'),
      }).toEqual({ nosniff: 'nosniff', frame: 'DENY', referrer: 'same-origin' });
    },
  );
});
