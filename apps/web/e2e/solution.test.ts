// @vitest-environment node
// "Solved games" in real headless Chromium against the real server with a small solution table built here
// (tiers 4 only of 13 geese): Perfect offered for the solved options and for no others, and a level-9 game started
// from the home page, where the computer answers (beyond the test table, as level 8).
import { rmSync } from 'node:fs';

import { buildTestTable } from '@fg/server/testing/solution-table';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { describeInBrowser, type SuiteSetup } from './harness';

/** The labels of the computer panel's level select. */
const levels = (page: Page) =>
  page.locator('section.play-computer').getByRole('combobox', { name: 'Level' }).locator('option').allTextContents();

let dir: string;
/** A test-size table up to 4 geese the server plays from. */
const SETUP: SuiteSetup = {
  server: async () => {
    dir = await buildTestTable(4);
    return { env: { SOLUTION_DIR: dir, COMPUTER_THREADS: '1', COMPUTER_THINK_MS: '100' } };
  },
  cleanup: () => rmSync(dir, { recursive: true, force: true }),
  timeout: 60_000,
};

describeInBrowser('solved games in the browser', SETUP, (suite) => {
  it('offers Perfect only for the solved options, and plays a level-9 game', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${suite.server.url}/?lang=en`);
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
