// The SQLite store when storage fails for real: another process's lock, a full tmpfs, a damaged or vanished file.
import { closeSync, openSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { StoredTable } from '../../tables/store.js';
import { StoreUnavailable } from '../../tables/store-unavailable.js';
import { holdLock, mountSmallDisk, type SmallDisk } from '../../testing/failing-storage.js';
import { storedTable, useCleanups } from '../../testing/store-fixtures.js';
import { databasePath, StartupError } from './sqlite-open.js';
import { SqliteStore } from './sqlite-store.js';

const { cleanups, tempDir } = useCleanups('fg-fail-');

const open = (dir: string, options: ConstructorParameters<typeof SqliteStore>[1] = {}): SqliteStore => {
  const store = new SqliteStore(dir, options);
  cleanups.push(() => store.close());
  return store;
};

const table = (id: string): StoredTable => storedTable(id);

/** Records the longest gap between ticks of a 5 ms timer: how long the event loop was blocked. */
function watchEventLoop(): () => number {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return () => {
    clearInterval(timer);
    return longest;
  };
}

describe('a lock held by another process', () => {
  it('rejects a write with StoreUnavailable after the busy time, without blocking the event loop; reads go on', async () => {
    const dir = tempDir();
    const store = open(dir, { busyMs: 300 });
    await store.insertTable(table('aaaaaaaaaaaa'));
    const holder = await holdLock(databasePath(dir));
    cleanups.push(() => holder.release());
    const blocked = watchEventLoop();
    const started = performance.now();
    const write = store.insertTable(table('bbbbbbbbbbbb'));
    await expect(write).rejects.toThrow(StoreUnavailable);
    await expect(write).rejects.toThrow('storage failed: the database is locked by another process');
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(300);
    expect(waited).toBeLessThan(2000);
    expect(blocked()).toBeLessThan(150);
    // WAL readers do not need the writer's lock.
    expect(await store.loadTable('aaaaaaaaaaaa')).toMatchObject({ id: 'aaaaaaaaaaaa', moves: [] });
    expect(await store.readiness()).toEqual({
      ready: false,
      reason: 'storage failed: the database is locked by another process',
    });
    // A move of a table the store knows needs no lock: the journal holds it until the database can take it.
    expect(await store.appendMove('aaaaaaaaaaaa', 0, 'd4-d5', null)).toBe(true);
    await holder.release();
    expect((await store.loadTable('aaaaaaaaaaaa'))!.moves).toEqual(['d4-d5']);
    expect(await store.loadTable('bbbbbbbbbbbb')).toBeNull();
  });

  it('lets a write wait for a lock that goes away in time, keeping the order of writes', async () => {
    const dir = tempDir();
    const store = open(dir, { busyMs: 5000 });
    await store.insertTable(table('aaaaaaaaaaaa'));
    const holder = await holdLock(databasePath(dir));
    const writes = [
      store.appendMove('aaaaaaaaaaaa', 0, 'd4-d5', null),
      store.appendMove('aaaaaaaaaaaa', 1, 'c3-c4', null),
    ];
    await new Promise((resolve) => setTimeout(resolve, 200));
    await holder.release();
    expect(await Promise.all(writes)).toEqual([true, true]);
    expect((await store.loadTable('aaaaaaaaaaaa'))!.moves).toEqual(['d4-d5', 'c3-c4']);
    expect(await store.readiness()).toEqual({ ready: true });
  });
});

describe('a full disk', () => {
  it('rejects writes, reports not ready, and recovers by itself once there is room', async () => {
    const disk: SmallDisk = mountSmallDisk('1m');
    cleanups.push(() => disk.unmount());
    const store = open(disk.dir);
    await store.insertTable(table('aaaaaaaaaaaa'));
    disk.fill();
    let failed: unknown = null;
    // The WAL file may still have room for a page or two: write until the disk says no.
    for (let ply = 0; ply < 200 && !failed; ply++) {
      await store.insertTable(table(`full${String(ply).padStart(8, '0')}`)).catch((error: unknown) => (failed = error));
    }
    expect(failed).toBeInstanceOf(StoreUnavailable);
    expect((failed as Error).message).toBe('storage failed: the disk is full');
    expect(await store.readiness()).toEqual({ ready: false, reason: 'storage failed: the disk is full' });
    disk.free();
    expect(await store.readiness()).toEqual({ ready: true });
    expect(await store.appendMove('aaaaaaaaaaaa', 0, 'd4-d5', null)).toBe(true);
    expect((await store.loadTable('aaaaaaaaaaaa'))!.moves).toEqual(['d4-d5']);
  });
});

describe('the database file', () => {
  it.each([
    ['deleted', (path: string) => rmSync(path), 'was deleted'],
    [
      'replaced',
      (path: string) => {
        writeFileSync(`${path}.other`, '');
        renameSync(`${path}.other`, path);
      },
      'was replaced by another file',
    ],
  ])('%s under a running store: no write is acknowledged any more', async (_name, change, what) => {
    const dir = tempDir();
    const lost: string[] = [];
    const store = open(dir, { checkMs: 50, onFileLost: (reason) => lost.push(reason) });
    await store.insertTable(table('aaaaaaaaaaaa'));
    const path = databasePath(dir);
    change(path);
    const reason = `the database file ${path} ${what}; restart the server once the data folder is in order`;
    await expect(store.appendMove('aaaaaaaaaaaa', 0, 'd4-d5', null)).rejects.toThrow(reason);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(lost).toEqual([reason]);
    expect(await store.readiness()).toEqual({ ready: false, reason });
    await expect(store.insertTable(table('bbbbbbbbbbbb'))).rejects.toThrow(StoreUnavailable);
  });

  it.each([
    [
      'not a database',
      async (path: string) => writeFileSync(path, 'this is not a database file, just text. '.repeat(200)),
    ],
    [
      'damaged pages',
      (path: string) => {
        const store = new SqliteStore(join(path, '..'));
        const tables = Array.from({ length: 300 }, (_, i) => table(`t${String(i).padStart(11, '0')}`));
        return Promise.all(tables.map((t) => store.insertTable(t)))
          .then(() => store.close())
          .then(() => {
            // Every page but the first (the header) overwritten: the tables' b-trees are garbage.
            const size = statSync(path).size;
            const fd = openSync(path, 'r+');
            writeSync(fd, Buffer.alloc(size - 4096, 0x5a), 0, size - 4096, 4096);
            closeSync(fd);
          });
      },
    ],
  ])('%s: the store refuses to open with one line that says how to recover', async (_name, damage) => {
    const dir = tempDir();
    const path = databasePath(dir);
    await damage(path);
    let error: unknown;
    try {
      open(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StartupError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toMatch(
      new RegExp(`^database ${path} is damaged \\(.+\\): move it aside with its -wal and -shm files`),
    );
    expect(message).toContain('mv tables.sqlite tables.sqlite.corrupt; mv tables.sqlite-wal tables.sqlite-wal.corrupt');
  });
});
