// Real storage failures for tests: a small tmpfs that fills up, and a second process holding the database's lock.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** A tmpfs of `size` (e.g. '2m') mounted on a fresh folder; needs root, as tests here run. */
export interface SmallDisk {
  readonly dir: string;
  /** Writes a file of zeros until the disk is full. */
  fill(): void;
  /** Removes the filler, so the disk has room again. */
  free(): void;
  unmount(): void;
}

/** Mounts a real tmpfs of the given size; fails with the reason when mounting is not allowed. */
export function mountSmallDisk(size: string): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'fg-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  const filler = join(dir, 'filler');
  return {
    dir,
    fill: () => {
      const fd = openSync(filler, 'a');
      const block = Buffer.alloc(4096);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    unmount: () => {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A second process that holds the database's write lock (BEGIN EXCLUSIVE), as a backup tool or a sqlite3 shell. */
export interface LockHolder {
  /** Commits and ends the process. */
  release(): Promise<void>;
}

const HOLDER = `
const Database = require('libsql');
const db = new Database(process.argv[1]);
db.exec('BEGIN EXCLUSIVE');
process.stdout.write('locked\\n');
process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });
`;

/** Starts a node process that opens `path` and holds its lock until released. */
export async function holdLock(path: string): Promise<LockHolder> {
  const child = spawn(process.execPath, ['-e', HOLDER, path], { cwd: SERVER_DIR, stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    release: () => {
      if (child.exitCode === null) child.stdin.write('release\n');
      return exited;
    },
  };
}
