import Database from 'libsql';
import { describe, expect, it } from 'vitest';

import { CommitBatch } from './commit-batch.js';
import { atomic } from './sqlite-transaction.js';

// libsql's `get` ignores `pluck`, so counts are read through `all`.
const countRows = (db: Database.Database): unknown => db.prepare('SELECT count(*) FROM t').pluck().all()[0];

const open = () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY)');
  return { db, batch: new CommitBatch(db), insert: db.prepare('INSERT INTO t (n) VALUES (?)') };
};

describe('CommitBatch', () => {
  it('runs operations queued together inside one transaction, once the current task is done', async () => {
    const { db, batch, insert } = open();
    const seen: boolean[] = [];
    const runs = [1, 2, 3].map((n) => batch.run(() => (seen.push(db.inTransaction), insert.run(n).changes)));
    expect(seen).toEqual([]);
    expect(await Promise.all(runs)).toEqual([1, 1, 1]);
    expect(seen).toEqual([true, true, true]);
    expect(db.prepare('SELECT n FROM t ORDER BY n').pluck().all()).toEqual([1, 2, 3]);
  });

  it('lets later operations of a turn that already committed wait for the end of the turn, to share one commit', async () => {
    const { db, batch, insert } = open();
    await batch.run(() => insert.run(1));
    expect(countRows(db)).toBe(1);
    const later = [2, 3].map((n) => batch.run(() => insert.run(n)));
    await Promise.resolve();
    expect(countRows(db)).toBe(1);
    await Promise.all(later);
    expect(countRows(db)).toBe(3);
  });

  it('undoes only the operation that throws; the others are committed', async () => {
    const { db, batch, insert } = open();
    const failing = atomic(db, () => {
      insert.run(20);
      insert.run(10); // a duplicate key: this savepoint rolls back, 20 included
    });
    const results = await Promise.allSettled([
      batch.run(() => insert.run(10)),
      batch.run(failing),
      batch.run(() => insert.run(30)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(db.prepare('SELECT n FROM t ORDER BY n').pluck().all()).toEqual([10, 30]);
  });

  it('flushes at once when asked, as closing the store does', () => {
    const { db, batch, insert } = open();
    void batch.run(() => insert.run(5));
    batch.flush();
    expect(countRows(db)).toBe(1);
  });
});
