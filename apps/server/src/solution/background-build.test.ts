// The solution there by default, over a test-size table (tiers 4..5 or 4..6 of 13 geese, seconds): the server
// builds it in its background thread and puts it in service without a restart; a second process on the same
// directory waits for it; a lock left by a killed builder is taken over; an unusable directory is one error line.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';

import { compactPath } from '@fg/solver';
import { afterEach, describe, expect, it } from 'vitest';

import { request, startServer, type TestServer } from '../testing/harness.js';
import { BackgroundBuild, type BuildStatus } from './background-build.js';
import { Solutions } from './solutions.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A fresh solutions directory, removed after the test. */
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fg-build-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Resolves once `check` is true, looking every `everyMs`. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 60_000, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A build with its log lines kept. */
function build(solutions: Solutions, upTo: number, waitPollMs?: number) {
  const lines: string[] = [];
  const background = new BackgroundBuild(solutions, {
    upTo,
    ...(waitPollMs ? { waitPollMs } : {}),
    log: (level, line) => lines.push(`${level}: ${line}`),
  });
  cleanup.push(() => background.close());
  return { background, lines };
}

describe('the background build', () => {
  let server: TestServer;

  it('builds a test-size table when the server starts without one, then offers level 9 without a restart', async () => {
    server = await startServer({ solve: true, solveUpTo: 6, computerThinkMs: 30, computerThreads: 1 });
    cleanup.push(() => server.close());
    const status = async (): Promise<{ solved: unknown[]; build: BuildStatus; download: unknown }> =>
      (await request(server.base, 'GET', '/api/solution/status')).body;
    const create = () =>
      request(server.base, 'POST', '/api/tables', { variant: 'standard', side: 'geese', computer: { level: 9 } });

    const first = await status();
    expect(first.download).toBeNull();
    expect(first.solved).toEqual([]);
    expect(first.build).toMatchObject({ state: 'building', geese: 13, progress: { top: 6 } });
    expect((await create()).status).toBe(400); // not yet: the site serves as usual meanwhile

    // Every 600 ms: the status allows an address 120 reads a minute, and a loaded machine builds for minutes.
    await until(async () => (await status()).build.state !== 'building', 80_000, 600);
    const after = await status();
    expect(after).toEqual({
      solved: [{ geese: 13, sideways: false }],
      build: { state: 'done', geese: 13, seconds: expect.any(Number) },
      download: { geese: 13, bytes: expect.any(Number), url: '/api/solution/standard/table?geese=13' },
    });
    expect(existsSync(compactPath(join(server.dataDir, 'solutions'), 13))).toBe(true); // format 2, the compact table
    expect(existsSync(join(server.dataDir, 'solutions', 'standard-13', 'build.lock'))).toBe(false);
    const variants = await request(server.base, 'GET', '/api/variants');
    expect(variants.body.variants[0].solved).toEqual([{ geese: 13, sideways: false }]);
    const created = await create();
    expect(created.status).toBe(201);
    expect(created.body.table.seats.fox).toEqual({ taken: true, online: true, computer: 9 });
    const verdict = await request(
      server.base,
      'GET',
      `/api/solution/standard?position=${encodeURIComponent('fox:d4 geese:c1,e1,a3,g3,a5,g5 turn:fox')}`,
    );
    expect(verdict.status).toBe(200);
    expect(verdict.body.winner).toBe('fox');
  }, 90_000);

  it('in a second process on the same directory, waits for the first one and opens its table', async () => {
    const dir = freshDir();
    const [a, b] = [new Solutions(dir, []), new Solutions(dir, [])];
    cleanup.push(
      () => a.close(),
      () => b.close(),
    );
    const builder = build(a, 5);
    const waiter = build(b, 5, 50);
    builder.background.start();
    waiter.background.start();
    expect(waiter.background.status()).toEqual({ state: 'waiting', geese: 13 });
    await until(() => builder.background.status().state === 'done');
    await until(() => waiter.background.status().state === 'installed');
    expect([a.solvedOptions('standard'), b.solvedOptions('standard')]).toEqual([
      [{ geese: 13, sideways: false }],
      [{ geese: 13, sideways: false }],
    ]);
    expect(waiter.lines).toEqual([
      `info: another process (${hostname()} ${process.pid}) is building the solution table in ${join(dir, 'standard-13')}; waiting for it`,
      'info: solution table for 13 geese opened: level 9, the verdicts and the tablebase answer now',
    ]);
    expect(builder.lines[0]).toMatch(/^info: no solution table for 13 geese: building it in the background/);
    expect(builder.lines.at(-1)).toMatch(/^info: solution table for 13 geese built in \d+ s and in service/);
    expect(builder.lines.filter((line) => line.includes('tier 5 done'))).toHaveLength(1); // progress in the log
  }, 90_000);

  it('takes over the lock a killed builder left, and resumes nothing when a table is installed', async () => {
    const dir = freshDir();
    const lock = join(dir, 'standard-13', 'build.lock');
    rmSync(lock, { force: true });
    const solutions = new Solutions(dir, []);
    cleanup.push(() => solutions.close());
    const { background } = build(solutions, 4);
    // A pid no process has: the builder was killed.
    await import('node:fs').then((fs) => fs.mkdirSync(join(dir, 'standard-13'), { recursive: true }));
    writeFileSync(lock, `${hostname()} 2147483646`);
    background.start();
    expect(background.status().state).toBe('building');
    await until(() => background.status().state === 'done');

    const again = build(Solutions.open(dir), 4);
    again.background.start();
    expect(again.background.status()).toEqual({ state: 'installed', geese: 13 });
    expect(again.lines).toEqual([]);
  }, 60_000);

  it('says in one error line why it cannot build in an unusable directory', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'standard-13'), 'a file where the folder should be');
    const { background, lines } = build(new Solutions(dir, []), 4);
    background.start();
    expect(background.status()).toMatchObject({ state: 'failed', geese: 13 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: the solution table build failed: cannot write in .*standard-13: EEXIST/);
  });
});
