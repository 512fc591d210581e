// Opening the database file: WAL mode, the schema, and a start that fails with one line saying what to do.
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

import Database from 'libsql';

import { errorCode } from '../storage-errors.js';
import { addMissingColumns } from './sqlite-migrate.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  options TEXT NOT NULL,
  fox_token TEXT,
  geese_token TEXT,
  result TEXT,
  rematch TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
  table_id TEXT NOT NULL,
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY (table_id, ply)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tables_unfinished ON tables (created_at) WHERE result IS NULL;
CREATE TABLE IF NOT EXISTS probe (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL);
`;

/** Where the database file of a data folder lives. */
export function databasePath(dataDir: string): string {
  return dataDir === ':memory:' ? ':memory:' : join(dataDir, 'tables.sqlite');
}

/** A start that cannot go on: its message is one line naming the file and the cause. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

const CORRUPT = /^SQLITE_(CORRUPT|NOTADB)/;

/** How to get going again when the file is damaged: SQLite's own files move aside together. */
function recoveryAdvice(path: string): string {
  const name = basename(path);
  return (
    `move it aside with its -wal and -shm files (mv ${name} ${name}.corrupt; mv ${name}-wal ${name}-wal.corrupt; ` +
    `rm -f ${name}-shm) and start again with an empty database; ` +
    `\`sqlite3 ${name}.corrupt .recover | sqlite3 ${name}\` may rescue its games`
  );
}

/** Explains an error of opening the database in one line. */
function explain(path: string, error: unknown): string {
  const code = errorCode(error);
  // One line, whatever SQLite said (quick_check reports may span lines).
  const said = error instanceof Error ? error.message : String(error);
  const message = said.replace(/\s+/g, ' ').trim().slice(0, 300);
  if (CORRUPT.test(code)) return `database ${path} is damaged (${message}): ${recoveryAdvice(path)}`;
  if (/READONLY|CANTOPEN|PERM|EROFS|EACCES/.test(code) || /readonly|unable to open/.test(message))
    return `cannot open database ${path} for writing (${message}): DATA_DIR must be a writable folder`;
  return `cannot open database ${path}: ${message}${code ? ` (${code})` : ''}`;
}

/** Makes sure the data folder exists, is a folder and can be written, or says which of these fails. */
function prepareFolder(folder: string): void {
  if (existsSync(folder) && !statSync(folder).isDirectory())
    throw new StartupError(`DATA_DIR ${folder} is a file, not a folder`);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new StartupError(`cannot create data folder ${folder} (DATA_DIR): ${(error as Error).message}`);
  }
  try {
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw new StartupError(`data folder ${folder} (DATA_DIR) cannot be written: ${(error as Error).message}`);
  }
}

/** Opens (or creates) the database of a data folder, ready for the store; throws a StartupError on any problem. */
export function openDatabase(dataDir: string, sync: 'full' | 'normal'): Database.Database {
  const path = dataDir === ':memory:' ? ':memory:' : resolve(databasePath(dataDir));
  if (dataDir !== ':memory:') prepareFolder(resolve(dataDir));
  let db: Database.Database | undefined;
  try {
    db = new Database(path);
    // Locks held by other processes are waited for by the commit batch, on a timer, never inside SQLite.
    db.exec('PRAGMA busy_timeout = 0');
    db.exec('PRAGMA journal_mode = WAL');
    // In WAL mode every commit is written to the log before it returns, so a killed process loses nothing;
    // FULL also syncs the log at every commit (power loss); commits are grouped (CommitBatch), one sync per batch.
    db.exec(`PRAGMA synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`);
    // A damaged file is refused at the start, rather than failing games one by one later.
    const check = db.prepare('PRAGMA quick_check(1)').pluck().all()[0];
    if (check !== 'ok') throw Object.assign(new Error(String(check)), { code: 'SQLITE_CORRUPT' });
    db.exec(SCHEMA);
    addMissingColumns(db); // columns (clocks, lobby, computer) on databases made before them
    return db;
  } catch (error) {
    db?.close();
    throw new StartupError(explain(path, error));
  }
}
