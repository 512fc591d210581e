// The SQLite subscriptions on a real file: what a seat holds, across a reopening, and the lookups of seats that never
// subscribed answered without a read of the database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { SqlitePushSubscriptions, type StoreRun } from './sqlite-push-subscriptions.js';

const browser = (n: number) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${n}`,
  p256dh: `key${n}`,
  auth: `auth${n}`,
  createdAt: 1_000 + n,
});

describe('SqlitePushSubscriptions', () => {
  let dir = '';
  let db: Database.Database;
  let runs: ('write' | 'read')[] = [];
  // The store's group commit in miniature: each operation runs in order, and each run is counted.
  const run: StoreRun = async (operation, kind = 'write') => {
    runs.push(kind);
    return operation();
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fg-push-'));
    db = new Database(join(dir, 'tables.db'));
    runs = [];
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists what a seat holds, oldest first, and nothing of the other seat', async () => {
    const subscriptions = new SqlitePushSubscriptions(db, run);
    await subscriptions.add('t1', 'fox', browser(2));
    await subscriptions.add('t1', 'fox', browser(1));
    expect(await subscriptions.list('t1', 'fox')).toEqual([browser(1), browser(2)]);
    expect(await subscriptions.list('t1', 'geese')).toEqual([]);
    await subscriptions.remove('t1', 'fox', browser(1).endpoint);
    expect(await subscriptions.list('t1', 'fox')).toEqual([browser(2)]);
  });

  it('answers a seat that never subscribed without reading the database', async () => {
    const subscriptions = new SqlitePushSubscriptions(db, run);
    expect(await subscriptions.list('t1', 'fox')).toEqual([]);
    expect(await subscriptions.list('t2', 'geese')).toEqual([]);
    expect(runs).toEqual([]);
    await subscriptions.add('t1', 'fox', browser(1));
    expect(await subscriptions.list('t1', 'fox')).toEqual([browser(1)]);
    expect(await subscriptions.list('t1', 'geese')).toEqual([]);
    expect(runs).toEqual(['write', 'read']);
  });

  it('finds the seats subscribed before a restart', async () => {
    await new SqlitePushSubscriptions(db, run).add('t1', 'geese', browser(3));
    db.close();
    db = new Database(join(dir, 'tables.db'));
    const reopened = new SqlitePushSubscriptions(db, run);
    expect(await reopened.list('t1', 'geese')).toEqual([browser(3)]);
  });

  it('sees a subscription whose write was asked for before the lookup, though not yet committed', async () => {
    const queued: (() => void)[] = [];
    // A commit batch that holds its operations until the test lets them run, in the order asked.
    const held: StoreRun = (operation) => new Promise((resolve) => queued.push(() => resolve(operation())));
    const subscriptions = new SqlitePushSubscriptions(db, held);
    const added = subscriptions.add('t1', 'fox', browser(1));
    const listed = subscriptions.list('t1', 'fox');
    for (const next of queued) next();
    await added;
    expect(await listed).toEqual([browser(1)]);
  });
});
