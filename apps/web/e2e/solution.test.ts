// @vitest-environment node
// "Solved games" in real headless Chromium against the real server with a small solution table built here
// (tiers 4 only of 13 geese): Perfect offered for the solved options and for no others, and a level-9 game started
// from the home page, where the computer answers (beyond the test table, as level 8).
import { rmSync } from 'node:fs';

import { buildTestTable } from '@fg/server/testing/solution-table';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { browserTestsSkipReason, launchChromium, type RunningServer, startServer } from './harness';

const skip = browserTestsSkipReason();
if (skip) console.warn(`browser tests skipped: ${skip}`);

/** The labels of the computer panel's level select. */
const levels = (page: Page) =>
  page.locator('section.play-computer').getByRole('combobox', { name: 'Level' }).locator('option').allTextContents();

describe.skipIf(skip !== null)('solved games in the browser', () => {
  let dir: string;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    dir = await buildTestTable(4);
    [server, browser] = await Promise.all([
      startServer({ env: { SOLUTION_DIR: dir, COMPUTER_THREADS: '1', COMPUTER_THINK_MS: '100' } }),
      launchChromium(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers Perfect only for the solved options, and plays a level-9 game', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${server.url}/?lang=en`);
    const panel = page.locator('section.play-computer');
    await expect.poll(() => levels(page)).toContain('Perfect (plays the solution)');
    await panel.getByRole('combobox', { name: 'Game' }).selectOption('two-foxes');
    await expect.poll(() => levels(page)).not.toContain('Perfect (plays the solution)');
    expect(await levels(page)).toHaveLength(8);
    await panel.getByRole('combobox', { name: 'Game' }).selectOption('standard');
    await expect.poll(() => levels(page)).toContain('Perfect (plays the solution)');

    await panel.getByRole('radio', { name: 'Geese' }).check();
    await panel.getByRole('combobox', { name: 'Level' }).selectOption('9');
    await panel.getByRole('button', { name: 'Play with the computer' }).click();
    await page.waitForURL(/\/t\/[A-Za-z0-9_-]{10,}/);
    await expect
      .poll(() => page.locator('.seat--fox').textContent())
      .toContain('computer, Perfect (plays the solution)');
    // The fox moves first: the computer's move appears in the move list.
    await expect
      .poll(() => page.locator('.moves__list li code').allTextContents(), { timeout: 15_000 })
      .toHaveLength(1);
    await page.close();
  });
});
