// One server process per data folder: a second one would acknowledge moves through its own journal that the first
// never sees, and the two would overwrite each other's plies. SQLite's own lock does the holding: a small database
// beside the tables in exclusive locking mode, whose lock the process keeps until it closes or dies (the kernel lets
// go of a killed process's locks, so a crash leaves nothing to clean up).
import Database from 'libsql';

import { errorCode } from '../storage-errors.js';
import { StartupError } from './sqlite-open.js';

/** The folder held; `release` lets it go (libsql frees a connection's file, and so its lock, only when collected). */
export interface FolderLock {
  release(): void;
}

/** Takes the data folder of `databaseFile` for this process; throws a StartupError when another process has it. */
export function lockFolder(databaseFile: string): FolderLock {
  const path = `${databaseFile}-lock`;
  const db = new Database(path);
  try {
    db.exec('PRAGMA busy_timeout = 0');
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('PRAGMA journal_mode = MEMORY'); // nothing here worth a journal file beside it
    // The first write takes the exclusive lock; in this mode it is kept after the commit.
    db.exec('BEGIN EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL)');
    db.exec('DELETE FROM holder');
    db.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    const busy = errorCode(error).startsWith('SQLITE_BUSY');
    throw new StartupError(
      busy
        ? `the data folder of ${databaseFile} is in use by another server process (${path} is locked); stop it or give this one another DATA_DIR`
        : `cannot lock ${path}: ${(error as Error).message}`,
    );
  }
  return {
    release: () => {
      if (!db.open) return;
      // Back in normal locking mode, the next access ends with no lock held.
      db.exec('PRAGMA locking_mode = NORMAL');
      db.prepare('SELECT count(*) FROM holder').get();
      db.close();
    },
  };
}
