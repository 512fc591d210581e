// An old database opens with the lobby and computer columns added, its tables intact.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';

import { addMissingColumns } from './sqlite-migrate.js';
import { databasePath } from './sqlite-open.js';
import { SqliteStore } from './sqlite-store.js';

/** The `tables` schema of the first release, before the lobby and the computer. */
const FIRST_SCHEMA = `
CREATE TABLE tables (id TEXT PRIMARY KEY, variant TEXT NOT NULL, options TEXT NOT NULL, fox_token TEXT,
  geese_token TEXT, result TEXT, rematch TEXT, created_at INTEGER NOT NULL);
CREATE TABLE moves (table_id TEXT NOT NULL, ply INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (table_id, ply)) WITHOUT ROWID;
INSERT INTO tables VALUES ('oldTable001', 'standard', '{"geese":13,"sideways":false}', 'aa', NULL, NULL, NULL, 1000);
INSERT INTO moves VALUES ('oldTable001', 0, 'c3-c4');
`;

let dataDir = '';
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('addMissingColumns', () => {
  it('adds the columns to an old database once, and keeps its tables', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fg-migrate-'));
    const old = new Database(databasePath(dataDir));
    old.exec(FIRST_SCHEMA);
    expect(addMissingColumns(old)).toEqual([
      'tables.clock',
      'tables.fox_at',
      'tables.geese_at',
      'tables.ended_at',
      'moves.at',
      'tables.listed',
      'tables.computer',
      'tables.takebacks',
      'tables.correspondence',
    ]);
    expect(addMissingColumns(old)).toEqual([]);
    old.close();

    const store = new SqliteStore(dataDir);
    expect(await store.loadTable('oldTable001')).toEqual({
      id: 'oldTable001',
      variant: 'standard',
      options: { geese: 13, sideways: false },
      seats: { fox: 'aa', geese: null },
      moves: ['c3-c4'],
      result: null,
      rematch: null,
      createdAt: 1000,
      clock: null,
      seatedAt: { fox: null, geese: null },
      moveTimes: [0],
      endedAt: null,
      listed: false,
      computer: null,
    });
    const computer = { side: 'fox' as const, level: 4, token: 'x'.repeat(24) };
    await store.insertTable({
      id: 'newTable001',
      variant: 'standard',
      options: {},
      seats: { fox: 'bb', geese: 'cc' },
      moves: [],
      result: null,
      rematch: null,
      createdAt: 2000,
      listed: true,
      computer,
    });
    expect(await store.loadTable('newTable001')).toMatchObject({ listed: true, computer });
    await store.close();
  });
});
