// Transactions that nest: libsql's own `db.transaction` always says BEGIN, which fails inside another
// transaction, while the group commit (CommitBatch) runs multi-statement operations inside its own.
import type Database from 'libsql';

let depth = 0;

/** Wraps `fn` so it runs atomically: its own transaction at the top, a savepoint inside another one. */
export function atomic<A extends unknown[], R>(db: Database.Database, fn: (...args: A) => R): (...args: A) => R {
  return (...args: A): R => {
    if (!db.inTransaction) {
      db.exec('BEGIN');
      try {
        const result = fn(...args);
        db.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    }
    const name = `sp${++depth}`;
    db.exec(`SAVEPOINT ${name}`);
    try {
      const result = fn(...args);
      db.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      db.exec(`ROLLBACK TO ${name}`);
      db.exec(`RELEASE ${name}`);
      throw error;
    } finally {
      depth--;
    }
  };
}
