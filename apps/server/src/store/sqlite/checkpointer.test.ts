// The checkpointer's thread on a real file: it copies the log into the database, and it never makes a database
// where the server's was deleted before the thread opened its own connection.
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'libsql';
import { describe, expect, it } from 'vitest';

import { useCleanups } from '../../testing/store-fixtures.js';
import { Checkpointer } from './checkpointer.js';

const { cleanups, tempDir } = useCleanups('fg-checkpointer-');

/** A database in WAL mode with a row in its log; the connection, closed after the test. */
function walDatabase(path: string): Database.Database {
  const db = new Database(path);
  cleanups.push(() => void db.close());
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (x INTEGER)');
  db.exec('INSERT INTO t VALUES (1)');
  return db;
}

const waitFor = async (done: () => boolean): Promise<void> => {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('Checkpointer', () => {
  it('copies the log into the database file on its own thread', async () => {
    const path = join(tempDir(), 'db.sqlite');
    const db = walDatabase(path);
    const before = statSync(path).size;
    const checkpointer = new Checkpointer(db, path, 20);
    await waitFor(() => statSync(path).size > before);
    await checkpointer.stop();
    expect(statSync(path).size).toBeGreaterThan(before);
  });

  it('does not make a new database where the server’s was deleted before its thread opened the file', async () => {
    const path = join(tempDir(), 'db.sqlite');
    const db = walDatabase(path);
    rmSync(path);
    const checkpointer = new Checkpointer(db, path, 20);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the thread has started and given up
    await checkpointer.stop();
    expect(existsSync(path)).toBe(false);
  });
});
