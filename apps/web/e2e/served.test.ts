// @vitest-environment node
// The real build as the server sends it: compressed and cached assets, and pages that run under the
// Content-Security-Policy without a single violation in Chromium.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect, it } from 'vitest';

import { type Created, describeInBrowser, postJson, WEB_DIST } from './harness';

describeInBrowser('the served build', { serviceWorker: true }, (suite) => {
  /** The entry script that the built index.html loads. */
  const entryScript = (): string => {
    const match = /src="(\/assets\/index-[\w-]+\.js)"/.exec(readFileSync(join(WEB_DIST, 'index.html'), 'utf8'));
    if (!match?.[1]) throw new Error('apps/web/dist/index.html loads no /assets/index-*.js');
    return match[1];
  };

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('sends the entry script to a browser accepting %s as %s, cached for a year', async (accepted, encoding) => {
    const path = entryScript();
    const response = await fetch(suite.server.url + path, { headers: { 'accept-encoding': accepted } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(readFileSync(join(WEB_DIST, path), 'utf8'));
  });

  it('runs the home, variant and table pages without a Content-Security-Policy violation', async () => {
    const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'standard', side: 'fox' });
    const page = await suite.browser.newPage();
    page.setDefaultTimeout(8000);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
        report(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await page.goto(`${suite.server.url}/?lang=en`);
    await page.getByRole('button', { name: 'Create table' }).first().waitFor();
    await page.goto(`${suite.server.url}/variants/standard`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(`${suite.server.url}/t/${created.table.id}`);
    await page.locator('[data-point="d1"][data-piece="goose"]').waitFor();
    await page.getByRole('button', { name: 'Take the geese seat' }).waitFor(); // the socket answered: welcome
    // The analysis page's engine worker and the service worker run under the same policy.
    await page.goto(`${suite.server.url}/analysis/standard`);
    await page.locator('[data-eval]').waitFor();
    // The worker registered on an earlier page may have turned active while this one loaded: then neither the
    // navigation nor `clients.claim()` (which skips a page not yet running) took this page, and its next load is
    // controlled. Both ways the worker runs here under the policy.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
      await page.reload();
      await page.locator('[data-eval]').waitFor();
    }
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    expect(violations).toEqual([]);
    // The watch works: an inline script, which the policy forbids, is reported.
    await page.evaluate(() => document.body.append(Object.assign(document.createElement('script'), { text: '1' })));
    await expect.poll(() => violations).toContain('script-src-elem inline');
    await page.close();
  }, 60_000); // room for the service worker's first install on a busy machine
});
