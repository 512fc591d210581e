// Group commit: operations queued within one turn of the event loop share one SQLite transaction,
// so a busy server syncs the log once for many moves, and each promise still resolves only after the commit.
import type Database from 'libsql';

import { atomic } from './sqlite-transaction.js';

interface Queued {
  readonly operation: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

type Settled = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/**
 * Runs queued operations together. Each operation must be one statement or an `atomic` function
 * (which nests as a savepoint), so one that throws undoes only itself.
 */
export class CommitBatch {
  readonly #db: Database.Database;
  #queued: Queued[] = [];
  #scheduled = false;
  #busyTurn = false; // whether an operation was already queued in this turn of the event loop

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Queues an operation; resolves with its value once the transaction holding it is committed. */
  run<T>(operation: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queued.push({ operation, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        // The first operation of a turn commits at once (a quiet server answers without delay); later ones in
        // the same turn wait for setImmediate, after this turn's I/O callbacks, so all of them share one commit.
        if (this.#busyTurn) setImmediate(() => this.flush());
        else queueMicrotask(() => this.flush());
      }
      if (!this.#busyTurn) {
        this.#busyTurn = true;
        setImmediate(() => (this.#busyTurn = false));
      }
    });
  }

  /** Runs and commits everything queued now. */
  flush(): void {
    this.#scheduled = false;
    const batch = this.#queued;
    if (batch.length === 0) return;
    this.#queued = [];
    const settled: Settled[] = [];
    const runAll = (): void => {
      for (const item of batch) {
        try {
          settled.push({ ok: true, value: item.operation() });
        } catch (error) {
          settled.push({ ok: false, error });
        }
      }
    };
    try {
      // A lone operation commits by itself (a statement, or its own transaction): no savepoint needed.
      if (batch.length === 1) runAll();
      else atomic(this.#db, runAll)();
    } catch (error) {
      // The commit itself failed: nothing of the batch is stored.
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = settled[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }
}
