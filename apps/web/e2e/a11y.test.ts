// @vitest-environment node
// Accessibility of every page in headless Chromium, checked by axe-core (WCAG 2 A and AA rules).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';

import { describeInBrowser, postJson } from './harness';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical axe violations of the page as it stands: rule id and the elements. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.slice(0, 3).join(', ')}`);
}

describeInBrowser('accessibility', (suite) => {
  let page: Page;
  let tableId: string;

  beforeAll(async () => {
    // axe is injected as an inline script, which the server's Content-Security-Policy rightly refuses.
    page = await (
      await suite.browser.newContext({ viewport: { width: 1000, height: 800 }, bypassCSP: true })
    ).newPage();
    const created = await postJson<{ table: { id: string }; seat: object }>(suite.server, '/api/tables', {
      variant: 'big-cross',
      side: 'fox',
    });
    tableId = created.table.id;
    await page.goto(`${suite.server.url}/?lang=en`);
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [`fg:seat:${tableId}`, JSON.stringify(created.seat)],
    );
  });

  it.each([
    ['home', '/?lang=en', '.card'],
    ['a variant page', '/variants/two-foxes?lang=pl', 'table.changes'],
    ['the table page of a player', () => `/t/${tableId}?lang=hu`, '[data-point="e7"][data-piece="fox"]'],
    ['the analysis page', '/analysis/standard?moves=d4-d5&lang=ru', '[data-eval]'],
  ])('%s has no serious violations', async (_, path, ready) => {
    await page.goto(`${suite.server.url}${typeof path === 'function' ? path() : path}`);
    await page.locator(ready).first().waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('offers a skip link to the main content as the first stop of the keyboard', async () => {
    await page.goto(`${suite.server.url}/?lang=en`);
    await page.locator('.card').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });
});
