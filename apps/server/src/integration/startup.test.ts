// A start that cannot go on: one readable line on stderr naming the setting or file and the cause, exit code 1.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { mountSmallDisk, type SmallDisk } from '../testing/failing-storage.js';
import { freePort, startServerProcess } from '../testing/server-process.js';

const SERVER = join(import.meta.dirname, '../server.ts');
const TSX = import.meta.resolve('tsx');

// A start through tsx takes a second or two alone, far longer beside another test worker on a loaded machine.
const START_MS = 60_000;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Starts the server with `env` and waits for it to exit (it must: each case here is a failed start). */
async function failedStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const port = String(await freePort());
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', TSX, SERVER],
      { env: { ...process.env, PORT: port, LOG_LEVEL: 'warn', ...env }, timeout: START_MS },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
}

const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'fg-start-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const readOnlyDisk = (): string => {
  const disk: SmallDisk = mountSmallDisk('1m,ro');
  cleanups.push(() => disk.unmount());
  return disk.dir;
};

describe('a start that cannot go on', { timeout: 2 * START_MS + 30_000 }, () => {
  it.each<[string, () => Record<string, string>, (env: Record<string, string>) => string]>([
    [
      'a bad setting',
      () => ({ PORT: 'eighty' }),
      () => 'bad environment: PORT: Invalid input: expected number, received NaN',
    ],
    [
      'a read-only DATA_DIR',
      () => ({ DATA_DIR: readOnlyDisk() }),
      (env) =>
        `data folder ${env.DATA_DIR} (DATA_DIR) cannot be written: EROFS: read-only file system, access '${env.DATA_DIR}'`,
    ],
    [
      'a DATA_DIR that is a file',
      () => {
        const file = join(tempDir(), 'data');
        writeFileSync(file, '');
        return { DATA_DIR: file };
      },
      (env) => `DATA_DIR ${env.DATA_DIR} is a file, not a folder`,
    ],
    [
      'a damaged database',
      () => {
        const dir = tempDir();
        writeFileSync(join(dir, 'tables.sqlite'), 'not a database '.repeat(500));
        return { DATA_DIR: dir };
      },
      (env) =>
        `database ${env.DATA_DIR}/tables.sqlite is damaged (file is not a database): move it aside with its -wal and -shm files ` +
        '(mv tables.sqlite tables.sqlite.corrupt; mv tables.sqlite-wal tables.sqlite-wal.corrupt; rm -f tables.sqlite-shm) ' +
        'and start again with an empty database; `sqlite3 tables.sqlite.corrupt .recover | sqlite3 tables.sqlite` may rescue its games',
    ],
  ])('%s: one line and exit 1', async (_name, makeEnv, line) => {
    const env = makeEnv();
    const { code, stderr } = await failedStart(env);
    expect(code).toBe(1);
    expect(stderr).toBe(`fox-and-geese server cannot start: ${line(env)}\n`);
  });

  it('a DATA_DIR another server runs on: one line and exit 1, and that server goes on', async () => {
    const running = await startServerProcess({ timeoutMs: START_MS });
    cleanups.push(() => void running.stop());
    const { code, stderr } = await failedStart({ DATA_DIR: running.dataDir });
    const database = join(running.dataDir, 'tables.sqlite');
    expect(code).toBe(1);
    expect(stderr).toBe(
      `fox-and-geese server cannot start: the data folder of ${database} is in use by another server process ` +
        `(${database}-lock is locked); stop it or give this one another DATA_DIR\n`,
    );
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
  });
});
