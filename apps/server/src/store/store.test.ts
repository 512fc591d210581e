// The store contract, checked against every implementation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { StoredTable, TableStore } from '../tables/store.js';
import { MemoryStore } from './memory/memory-store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const tempDir = (): string => {
  const folder = mkdtempSync(join(tmpdir(), 'fg-store-'));
  folders.push(folder);
  return folder;
};

const IMPLEMENTATIONS: [string, () => TableStore][] = [
  ['memory', () => new MemoryStore()],
  ['sqlite', () => new SqliteStore(tempDir())],
];

const table = (id: string, fields: Partial<StoredTable> = {}): StoredTable => ({
  id,
  variant: 'standard',
  options: { geese: 13, sideways: false },
  seats: { fox: 'hash-fox', geese: null },
  moves: [],
  result: null,
  rematch: null,
  createdAt: 1000,
  listed: false,
  computer: null,
  clock: null,
  seatedAt: { fox: 1000, geese: null },
  moveTimes: (fields.moves ?? []).map((_, ply) => 2000 + ply),
  endedAt: null,
  ...fields,
});

describe.each(IMPLEMENTATIONS)('%s store', (_name, open) => {
  it('stores and loads a table', async () => {
    const store = open();
    await store.insertTable(table('aaaaaaaaaaaa', { moves: ['d4-d5'] }));
    expect(await store.loadTable('aaaaaaaaaaaa')).toEqual(table('aaaaaaaaaaaa', { moves: ['d4-d5'] }));
    expect(await store.loadTable('bbbbbbbbbbbb')).toBeNull();
    // A listed table with the computer's seat.
    const computer = { side: 'geese' as const, level: 8, token: 't'.repeat(24) };
    await store.insertTable(table('cccccccccccc', { listed: true, computer }));
    expect(await store.loadTable('cccccccccccc')).toEqual(table('cccccccccccc', { listed: true, computer }));
    await store.close();
  });

  it('keeps the times a clock is rebuilt from: seats, moves, the end', async () => {
    const store = open();
    await store.insertTable(table('aaaaaaaaaaaa', { clock: { initial: 300, increment: 3 } }));
    expect(await store.takeSeat('aaaaaaaaaaaa', 'geese', 'hash-geese', 1500)).toBe(true);
    expect(await store.appendMove('aaaaaaaaaaaa', 0, 'd4-d5', null, 4000)).toBe(true);
    expect(await store.appendMove('aaaaaaaaaaaa', 1, 'c3-c4', null, 9000)).toBe(true);
    expect(await store.finish('aaaaaaaaaaaa', 2, { winner: 'fox', reason: 'timeout' }, 12_000)).toBe(true);
    expect(await store.loadTable('aaaaaaaaaaaa')).toMatchObject({
      clock: { initial: 300, increment: 3 },
      seatedAt: { fox: 1000, geese: 1500 },
      moveTimes: [4000, 9000],
      endedAt: 12_000,
    });
    await store.close();
  });

  it('appends a move only while the ply matches', async () => {
    const store = open();
    await store.insertTable(table('aaaaaaaaaaaa'));
    expect(await store.appendMove('aaaaaaaaaaaa', 0, 'd4-d5', null)).toBe(true);
    expect(await store.appendMove('aaaaaaaaaaaa', 0, 'd4-c4', null)).toBe(false);
    expect(await store.appendMove('aaaaaaaaaaaa', 2, 'c3-c4', null)).toBe(false);
    const result = { winner: 'geese', reason: 'fox-trapped' } as const;
    expect(await store.appendMove('aaaaaaaaaaaa', 1, 'c3-c4', result)).toBe(true);
    expect(await store.appendMove('aaaaaaaaaaaa', 2, 'd5-d6', null)).toBe(false);
    expect(await store.loadTable('aaaaaaaaaaaa')).toMatchObject({ moves: ['d4-d5', 'c3-c4'], result });
    await store.close();
  });

  it('finishes a game only at the ply it was decided on (a move stored meanwhile wins)', async () => {
    const store = open();
    await store.insertTable(table('aaaaaaaaaaaa'));
    expect(await store.appendMove('aaaaaaaaaaaa', 0, 'd4-d5', null, 100)).toBe(true);
    const timeout = { winner: 'geese', reason: 'timeout' } as const;
    expect(await store.finish('aaaaaaaaaaaa', 0, timeout, 200)).toBe(false);
    expect(await store.finish('aaaaaaaaaaaa', 2, timeout, 200)).toBe(false);
    expect(await store.loadTable('aaaaaaaaaaaa')).toMatchObject({ moves: ['d4-d5'], result: null });
    expect(await store.finish('aaaaaaaaaaaa', 1, timeout, 200)).toBe(true);
    expect(await store.loadTable('aaaaaaaaaaaa')).toMatchObject({ moves: ['d4-d5'], result: timeout, endedAt: 200 });
    await store.close();
  });

  it('takes a seat only while it is free', async () => {
    const store = open();
    await store.insertTable(table('aaaaaaaaaaaa'));
    expect(await store.takeSeat('aaaaaaaaaaaa', 'fox', 'x')).toBe(false);
    expect(await store.takeSeat('aaaaaaaaaaaa', 'geese', 'hash-geese')).toBe(true);
    expect(await store.takeSeat('aaaaaaaaaaaa', 'geese', 'y')).toBe(false);
    expect((await store.loadTable('aaaaaaaaaaaa'))!.seats).toEqual({ fox: 'hash-fox', geese: 'hash-geese' });
    await store.close();
  });

  it('finishes a game once, records its rematch, and lists only unfinished tables', async () => {
    const store = open();
    await store.insertTable(table('aaaaaaaaaaaa'));
    await store.insertTable(table('bbbbbbbbbbbb'));
    expect(await store.finish('aaaaaaaaaaaa', 0, { winner: 'fox', reason: 'resignation' })).toBe(true);
    expect(await store.finish('aaaaaaaaaaaa', 0, { winner: null, reason: 'draw-agreed' })).toBe(false);
    await store.setRematch('aaaaaaaaaaaa', 'cccccccccccc');
    expect(await store.loadTable('aaaaaaaaaaaa')).toMatchObject({
      result: { winner: 'fox', reason: 'resignation' },
      rematch: 'cccccccccccc',
    });
    expect((await store.listUnfinished()).map((t) => t.id)).toEqual(['bbbbbbbbbbbb']);
    await store.close();
  });

  it('removes old tables with a free seat, and keeps the rest', async () => {
    const store = open();
    await store.insertTable(table('oldwaiting00', { createdAt: 10 }));
    await store.insertTable(
      table('oldplaying00', { createdAt: 10, seats: { fox: 'a', geese: 'b' }, moves: ['d4-d5'] }),
    );
    await store.insertTable(table('newwaiting00', { createdAt: 500 }));
    expect(await store.removeWaiting(100)).toEqual(['oldwaiting00']);
    expect(await store.loadTable('oldwaiting00')).toBeNull();
    expect((await store.listUnfinished()).map((t) => t.id).sort()).toEqual(['newwaiting00', 'oldplaying00']);
    await store.close();
  });
});

describe('sqlite store', () => {
  it('removes the push subscriptions of the waiting tables it removes, and keeps the others', async () => {
    const folder = tempDir();
    const store = new SqliteStore(folder);
    const browser = { endpoint: 'https://fcm.googleapis.com/fcm/send/1', p256dh: 'k', auth: 'a', createdAt: 5 };
    await store.insertTable(table('oldwaiting00', { createdAt: 10 }));
    await store.insertTable(table('newwaiting00', { createdAt: 500 }));
    await store.pushSubscriptions.add('oldwaiting00', 'fox', browser);
    await store.pushSubscriptions.add('newwaiting00', 'fox', browser);
    expect(await store.removeWaiting(100)).toEqual(['oldwaiting00']);
    expect(await store.pushSubscriptions.list('oldwaiting00', 'fox')).toEqual([]);
    await store.close();
    const again = new SqliteStore(folder); // the rows are gone from the file, not only from memory
    expect(await again.pushSubscriptions.list('oldwaiting00', 'fox')).toEqual([]);
    expect(await again.pushSubscriptions.list('newwaiting00', 'fox')).toEqual([browser]);
    await again.close();
  });

  it('keeps everything when opened again on the same folder', async () => {
    const folder = tempDir();
    const first = new SqliteStore(folder);
    await first.insertTable(table('aaaaaaaaaaaa'));
    await first.appendMove('aaaaaaaaaaaa', 0, 'd4-d5', null, 2000);
    await first.close();
    const second = new SqliteStore(folder);
    expect(await second.loadTable('aaaaaaaaaaaa')).toEqual(table('aaaaaaaaaaaa', { moves: ['d4-d5'] }));
    await second.close();
  });
});
