// The server as `pnpm start` and the container run it: the bundle of scripts/build.mjs on node alone, no tsx. Built
// here from the sources, then played against: a game with the computer (its worker thread), a preview picture (the
// picture thread), a restart on the same data folder (the checkpoint thread, the log moved into the file at close).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { request, TestClient } from '../testing/harness.js';
import { freePort, productionNodeFlags, type ServerProcess, startServerProcess } from '../testing/server-process.js';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLE = join(SERVER_DIR, 'dist/server.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'fg-built-'));
let server: ServerProcess | null = null;

beforeAll(() => {
  execFileSync(process.execPath, [join(SERVER_DIR, 'scripts/build.mjs')], { cwd: SERVER_DIR, stdio: 'pipe' });
}, 60_000);
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the bundle on the shared data folder. */
async function start(port: number): Promise<ServerProcess> {
  server = await startServerProcess({
    port,
    dataDir,
    script: BUNDLE,
    nodeArgs: productionNodeFlags(),
    env: { WEB_DIR: join(dataDir, 'no-web') },
  });
  return server;
}

describe('the built server (dist/server.mjs)', () => {
  it('is built to plain JavaScript that loads no TypeScript at run time', () => {
    for (const file of [
      'server.mjs',
      'think-worker.mjs',
      'preview-worker.mjs',
      'checkpoint-worker.mjs',
      'solve-worker.mjs',
    ]) {
      const code = readFileSync(join(SERVER_DIR, 'dist', file), 'utf8');
      expect(code, file).not.toMatch(/["']tsx(\/[\w/]+)?["']/); // no tsx loader
      expect(code, file).not.toMatch(/import\(["'][^"']+\.ts["']\)/); // no TypeScript module loaded later
      expect(code, file).not.toMatch(/from ["']@fg\//); // the workspace's packages are bundled in
    }
  });

  it('runs with the same node flags in the container as with pnpm start', () => {
    const flags = productionNodeFlags();
    expect(flags).toContain('--enable-source-maps'); // stack traces in the log name the TypeScript lines
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(SERVER_DIR, '../../Dockerfile'), 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...flags, 'dist/server.mjs']);
  });

  it('plays a game against the computer, draws a preview and keeps the game across a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    await start(port);
    expect((await request(base, 'GET', '/healthz')).status).toBe(200);

    const created = await request(base, 'POST', '/api/tables', {
      variant: 'standard',
      side: 'geese',
      computer: { level: 1 },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.table.id;
    const geese = await TestClient.connect(`ws://127.0.0.1:${port}/api/tables/${id}/ws`);
    geese.send({ type: 'hello', token: created.body.seat.token });
    await geese.next('welcome');
    // The computer holds the fox, which moves first: its worker thread answers.
    const first = await geese.moveAt(0);
    expect(first).toMatch(/^[a-g][1-7]-[a-g][1-7]$/);
    await geese.close();

    const preview = await fetch(`${base}/api/tables/${id}/preview.png`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await preview.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    await server!.stop({ keepData: true }); // SIGTERM: a clean shutdown
    await start(port);
    const after = await request(base, 'GET', `/api/tables/${id}`);
    expect(after.body.table.moves).toEqual([first]);
  }, 60_000);
});
