// Group commit: operations queued within one turn of the event loop share one SQLite transaction,
// so a busy server syncs the log once for many moves, and each promise still resolves only after the commit.
// A lock held by another process never blocks the event loop: the busy timeout is 0, so SQLite answers
// SQLITE_BUSY at once, and the batch is tried again on a timer until the lock is gone or `busyMs` has passed.
import type Database from 'libsql';

import { TurnFlush } from '../turn-flush.js';

interface Queued {
  readonly operation: () => unknown;
  readonly write: boolean;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

type Settled = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/** How a batch is run and what it reports. */
export interface BatchOptions {
  /** How long a batch keeps trying while another process holds the lock; then its promises reject. */
  readonly busyMs?: number; // 2000
  /** Whether there is write work besides the queued operations (the move journal to copy): a batch of reads then writes. */
  readonly pending?: () => boolean;
  /** Runs inside each write transaction before its operations (copies the move journal); throwing fails the batch. */
  readonly beforeWrites?: () => void;
  /** Runs after each commit of writes, before any promise resolves; throwing rejects them all (e.g. the file is gone). */
  readonly afterCommit?: () => void;
  /** Told after every batch with writes: null when it was stored, else the storage error. */
  readonly onWrite?: (error: unknown) => void;
}

/** Whether SQLite refused for a lock (SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT, ...): worth trying again. */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** Whether an error of one operation is the storage's (full, I/O, corrupt) rather than the operation's own (a constraint). */
function isStorageError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') && !code.startsWith('SQLITE_CONSTRAINT');
}

const FIRST_RETRY_MS = 5;
const LAST_RETRY_MS = 100;

/**
 * Runs queued operations together. Each operation must be one statement or an `atomic` function
 * (which nests as a savepoint), so one that throws undoes only itself.
 */
export class CommitBatch {
  readonly #db: Database.Database;
  readonly #options: BatchOptions;
  #queued: Queued[] = [];
  readonly #turn = new TurnFlush(() => this.flush());
  #busySince: number | null = null; // when the current run of SQLITE_BUSY began
  #retryMs = FIRST_RETRY_MS;

  constructor(db: Database.Database, options: BatchOptions = {}) {
    this.#db = db;
    this.#options = options;
  }

  /** Queues an operation; resolves with its value once the transaction holding it is committed. */
  run<T>(operation: () => T, kind: 'write' | 'read' = 'write'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const write = kind === 'write';
      this.#queued.push({ operation, write, resolve: resolve as (value: unknown) => void, reject });
      this.#turn.request();
    });
  }

  /** Runs and commits everything queued now; on a lock, tries again later, keeping the order. */
  flush(): void {
    this.#turn.started();
    const batch = this.#queued;
    if (batch.length === 0) return;
    this.#queued = [];
    const writes = batch.some((item) => item.write) || this.#options.pending?.() === true;
    const db = this.#db;
    let settled: Settled[];
    try {
      // IMMEDIATE takes the write lock first, so a lock elsewhere fails here, before any statement ran.
      db.exec(writes ? 'BEGIN IMMEDIATE' : 'BEGIN');
      if (writes) this.#options.beforeWrites?.();
      settled = batch.map((item) => {
        try {
          return { ok: true, value: item.operation() };
        } catch (error) {
          return { ok: false, error };
        }
      });
      const busy = settled.find((outcome) => !outcome.ok && isBusy(outcome.error));
      if (busy && !busy.ok) throw busy.error;
      db.exec('COMMIT');
    } catch (error) {
      this.#rollback();
      if (isBusy(error) && this.#retry()) {
        this.#queued = batch; // nothing else can have been queued during this synchronous run
        return;
      }
      this.#settleAll(batch, error, writes);
      return;
    }
    this.#busySince = null;
    this.#retryMs = FIRST_RETRY_MS;
    if (writes) {
      try {
        this.#options.afterCommit?.();
      } catch (error) {
        this.#settleAll(batch, error, writes);
        return;
      }
      const failed = settled.find((outcome) => !outcome.ok && isStorageError(outcome.error));
      this.#options.onWrite?.(failed && !failed.ok ? failed.error : null);
    }
    batch.forEach((item, i) => {
      const outcome = settled[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  /** Schedules another try of the queued batch while the lock may still go away; false once `busyMs` is spent. */
  #retry(): boolean {
    const now = Date.now();
    this.#busySince ??= now;
    if (now - this.#busySince >= (this.#options.busyMs ?? 2000)) return false;
    this.#turn.hold();
    setTimeout(() => this.flush(), this.#retryMs);
    this.#retryMs = Math.min(LAST_RETRY_MS, this.#retryMs * 2);
    return true;
  }

  /** Ends a failed transaction; one that SQLite already rolled back itself (a full disk may) is left alone. */
  #rollback(): void {
    try {
      if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
    } catch {
      // The transaction is gone either way; the batch is rejected by the caller.
    }
  }

  /** Rejects every operation of a batch that was not stored. */
  #settleAll(batch: readonly Queued[], error: unknown, writes: boolean): void {
    this.#busySince = null;
    this.#retryMs = FIRST_RETRY_MS;
    if (writes) this.#options.onWrite?.(error);
    for (const item of batch) item.reject(error);
  }
}
