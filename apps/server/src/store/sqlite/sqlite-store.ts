// The embedded store: one SQLite file in WAL mode; a write returns only once SQLite has committed it, or, for an
// ordinary move of a table whose next ply it knows, once the move journal beside it holds the move (journaled-moves.ts).
// Every failure rejects with StoreUnavailable; a file deleted or replaced under it stops all writes for good.
import { resolve } from 'node:path';

import type { GameResult } from '@fg/protocol';
import type { Side } from '@fg/rules';
import type Database from 'libsql';

import type { StoredTable, TableStore } from '../../tables/store.js';
import { StoreUnavailable } from '../../tables/store-unavailable.js';
import { describeStorageError } from '../storage-errors.js';
import { Checkpointer } from './checkpointer.js';
import { CommitBatch } from './commit-batch.js';
import { FileIdentity } from './file-identity.js';
import { type FolderLock, lockFolder } from './folder-lock.js';
import { JournaledMoves, type Known } from './journaled-moves.js';
import { MoveJournal } from './move-journal.js';
import { SqliteChatLog } from './sqlite-chat-log.js';
import { SqliteExplorerIndex } from './sqlite-explorer-index.js';
import { databasePath, openDatabase } from './sqlite-open.js';
import { SqlitePushSubscriptions } from './sqlite-push-subscriptions.js';
import type { CompositeOperations, Statements, TableRow } from './sqlite-statements.js';
import { compositeOperations, MoveCopier, prepareStatements, tableFromRow } from './sqlite-statements.js';
import { atomic } from './sqlite-transaction.js';

/** Finished tables read a transaction at a time (a backfill over many games holds no lock for long). */
const FINISHED_PAGE = 500;

/** Settings of the store besides its folder. */
export interface SqliteStoreOptions {
  readonly sync?: 'full' | 'normal'; // 'normal'
  readonly busyMs?: number; // how long a write waits for another process's lock; 2000
  readonly checkMs?: number; // how often the file's identity is checked while idle; 1000
  /** Told once when the database file is deleted or replaced: the store has stopped taking writes. */
  readonly onFileLost?: (reason: string) => void;
}

/** A TableStore in one SQLite file under the data folder. */
export class SqliteStore implements TableStore {
  readonly #db: Database.Database;
  readonly #statements: Statements;
  readonly #ops: CompositeOperations;
  readonly #batch: CommitBatch;
  readonly #files: FileIdentity | null; // null for ':memory:'
  readonly #onFileLost: (reason: string) => void;
  readonly #watch: NodeJS.Timeout | null;
  readonly #checkpointer: Checkpointer | null; // null for ':memory:'
  readonly #journal: MoveJournal | null; // null for ':memory:'
  readonly #moves: JournaledMoves | null;
  readonly #folderLock: FolderLock | null; // null for ':memory:'
  // The files a journal write checks, the database and the journal: made once, the check runs at every write.
  readonly #journalFiles: readonly string[] = [];
  #lost: string | null = null; // why the store stopped for good
  #lastWrite: string | null = null; // why the last write failed; null when it succeeded
  /** The seats' push subscriptions, in this database and through this store's commit batch. */
  readonly pushSubscriptions: SqlitePushSubscriptions;
  /** The tables' chat, in this database and through this store's commit batch. */
  readonly chat: SqliteChatLog;
  /** The explorer's counts, in this database and through this store's commit batch. */
  readonly explorer: SqliteExplorerIndex;

  /** Opens the store; `options` may be the sync mode alone. Throws a StartupError with a one-line reason. */
  constructor(dataDir: string, options: SqliteStoreOptions | 'full' | 'normal' = {}) {
    const settings = typeof options === 'string' ? { sync: options } : options;
    const db = openDatabase(dataDir, settings.sync ?? 'normal');
    this.#db = db;
    this.#onFileLost = settings.onFileLost ?? (() => undefined);
    this.#statements = prepareStatements(db);
    this.#ops = compositeOperations(db, this.#statements);
    if (dataDir === ':memory:') {
      this.#files = null;
      this.#watch = null;
      this.#checkpointer = null;
      this.#journal = null;
      this.#folderLock = null;
    } else {
      const path = resolve(databasePath(dataDir));
      try {
        this.#folderLock = lockFolder(path);
      } catch (error) {
        db.close();
        throw error;
      }
      this.#journal = this.#openJournal(journalPath(path), settings.sync === 'full');
      this.#checkpointer = new Checkpointer(db, path);
      this.#files = new FileIdentity([path, `${path}-wal`, journalPath(path)]);
      this.#journalFiles = [path, journalPath(path)];
      this.#watch = setInterval(() => this.#checkFiles(), settings.checkMs ?? 1000);
      this.#watch.unref();
    }
    const copier = new MoveCopier(db);
    this.#moves = this.#journal
      ? new JournaledMoves(this.#journal, {
          // The database and the journal: the log's loss is found by the commit that copies the journal.
          lost: () => this.#checkFiles('journal'),
          failure: (error) => this.#unavailable(error),
          onWrite: (error) => this.#wrote(error),
          copy: (entries) => copier.copy(entries),
          requestCopy: () => void this.#run(() => undefined).catch(() => undefined), // a failed copy is tried again by the next write
        })
      : null;
    this.#batch = new CommitBatch(db, {
      busyMs: settings.busyMs ?? 2000,
      pending: () => this.#moves?.pending() === true,
      beforeWrites: () => this.#moves?.copyIntoDatabase(),
      // A commit into a file that is no longer at its path is not acknowledged: the next start would not have it.
      afterCommit: () => {
        const lost = this.#checkFiles('all');
        if (lost) throw new Error(lost); // the journal keeps what it holds for the next start
        this.#moves?.committed();
      },
      onWrite: (error) => this.#wrote(error),
    });
    this.pushSubscriptions = new SqlitePushSubscriptions(db, (operation, kind) => this.#run(operation, kind));
    this.chat = new SqliteChatLog(db, (operation, kind) => this.#run(operation, kind));
    this.explorer = new SqliteExplorerIndex(db, (operation, kind) => this.#run(operation, kind));
  }

  /** Opens the move journal and copies what a stop left in it into the database, before anything else happens. */
  #openJournal(path: string, sync: boolean): MoveJournal {
    const journal = new MoveJournal(path, sync);
    const entries = journal.read();
    if (entries.length > 0) {
      const { append, appendAfterTakebacks } = this.#statements;
      atomic(this.#db, () => {
        // The compare-and-set of each move again: a move copied before the stop is skipped, and so is one copied,
        // then taken back (its count of takebacks is no longer the table's).
        for (const { id, ply, move, at, takebacks } of entries) {
          if (takebacks === null) append.run({ id, ply, move, at });
          else appendAfterTakebacks.run({ id, ply, move, at, takebacks });
        }
      })();
    }
    journal.clear();
    return journal;
  }

  #wrote(error: unknown): void {
    this.#lastWrite = error === null ? null : describeStorageError(error);
  }

  #unavailable(error: unknown): StoreUnavailable {
    if (this.#lost) return new StoreUnavailable(this.#lost);
    return new StoreUnavailable(`storage failed: ${describeStorageError(error)}`, { cause: error });
  }

  /** Checks that the database is still the file opened (quick: by descriptor, at every write; in full, by path, every
   * `checkMs`); the first time it is not, stops the store for good. */
  #checkFiles(quick: 'all' | 'journal' | null = null): string | null {
    if (this.#lost || !this.#files) return this.#lost;
    const lost = quick ? this.#files.quickCheck(quick === 'all' ? undefined : this.#journalFiles) : this.#files.check();
    if (lost) {
      this.#lost = `the database file ${lost}; restart the server once the data folder is in order`;
      this.#onFileLost(this.#lost);
    }
    return this.#lost;
  }

  /** Runs an operation through the group commit; any failure becomes StoreUnavailable. */
  #run<T>(operation: () => T, kind: 'write' | 'read' = 'write'): Promise<T> {
    if (this.#lost) return Promise.reject(new StoreUnavailable(this.#lost));
    return this.#batch.run(operation, kind).catch((error: unknown) => {
      throw this.#unavailable(error);
    });
  }

  #fromRow(row: TableRow): StoredTable {
    return tableFromRow(row, this.#statements.moves.all(row.id) as { move: string; at: number | null }[]);
  }

  /**
   * Stores a change of one table through SQLite; `nextPly` says from its value whether the table's next ply is then
   * known (null: it is not), so that later ordinary moves may go to the journal.
   */
  async #storeAndLearn<T>(id: string, operation: () => T, nextPly: (value: T) => Known | null): Promise<T> {
    const moves = this.#moves;
    if (!moves) return this.#run(operation);
    moves.forget(id);
    const mark = moves.mark(id);
    let next: Known | null = null;
    try {
      const value = await this.#run(operation);
      next = nextPly(value);
      return value;
    } finally {
      moves.learned(id, next, mark); // also when it failed: the mark is dropped
    }
  }

  async insertTable(table: StoredTable): Promise<void> {
    // A new table's next ply is known: its first move can go to the journal too.
    await this.#storeAndLearn(
      table.id,
      () => this.#ops.insertTable(table),
      () => (table.result === null ? { ply: table.moves.length, takebacks: table.takebacks?.length ?? 0 } : null),
    );
  }

  async loadTable(id: string): Promise<StoredTable | null> {
    // Reads go through the batch too, so they see every write queued before them, and the table's journaled moves.
    this.#moves?.need(id);
    return this.#run(() => {
      const row = this.#statements.load.get(id) as TableRow | undefined;
      return row ? this.#fromRow(row) : null;
    }, 'read');
  }

  appendMove(id: string, ply: number, move: string, result: GameResult | null, at?: number): Promise<boolean> {
    const moves = this.#moves;
    if (moves && result === null && !this.#lost) {
      // The journal's own promise, not one of an async function resolved with it (two more microtask turns).
      const journaled = moves.tryAppend(id, ply, move, at ?? null);
      if (journaled) return journaled;
    }
    if (result === null) return this.#appendAndLearn(id, ply, move, at ?? null);
    // An ending: the table's journaled moves go in first, and its next ply is not known after it.
    return this.#storeAndLearn(
      id,
      () => this.#ops.appendMove(id, ply, move, result, at ?? null),
      () => null,
    );
  }

  /** An ordinary move through SQLite; the table's count of takebacks, read in its transaction, goes into the journal
   * lines of the moves after it. */
  async #appendAndLearn(id: string, ply: number, move: string, at: number | null): Promise<boolean> {
    const takebacks = await this.#storeAndLearn(
      id,
      () => (this.#ops.appendMove(id, ply, move, null, at) ? this.#ops.takebacksOf(id) : null),
      (count) => (count === null ? null : { ply: ply + 1, takebacks: count }),
    );
    return takebacks !== null;
  }

  async takeSeat(id: string, side: Side, tokenHash: string, at?: number): Promise<boolean> {
    const statement = side === 'fox' ? this.#statements.takeFox : this.#statements.takeGeese;
    return this.#run(() => statement.run(tokenHash, at ?? null, id).changes === 1);
  }

  async finish(id: string, ply: number, result: GameResult, at?: number): Promise<boolean> {
    this.#moves?.forget(id);
    return this.#run(() => this.#ops.finishAt(id, ply, result, at ?? null));
  }

  async takeBack(id: string, ply: number, to: number, at: number): Promise<boolean> {
    this.#moves?.forget(id);
    return this.#run(() => this.#ops.takeBack(id, ply, to, at));
  }

  async setRematch(id: string, rematch: string): Promise<void> {
    return this.#run(() => void this.#statements.rematch.run(rematch, id));
  }

  async listUnfinished(): Promise<StoredTable[]> {
    this.#moves?.needAll();
    return this.#run(() => (this.#statements.unfinished.all() as TableRow[]).map((row) => this.#fromRow(row)), 'read');
  }

  async *listFinished(): AsyncIterable<StoredTable> {
    this.#moves?.needAll();
    for (let after = ''; ;) {
      const page = await this.#run(
        () => (this.#statements.finishedAfter.all(after, FINISHED_PAGE) as TableRow[]).map((row) => this.#fromRow(row)),
        'read',
      );
      yield* page;
      if (page.length < FINISHED_PAGE) return;
      after = page.at(-1)!.id;
    }
  }

  async removeWaiting(createdBefore: number): Promise<string[]> {
    this.#moves?.forgetAll();
    return this.#run(() => {
      const ids = this.#ops.removeWaiting(createdBefore);
      this.pushSubscriptions.dropTables(ids); // a seat of a removed table is told nothing more: its browsers go too
      this.chat.dropTables(ids);
      return ids;
    });
  }

  async readiness(): Promise<{ ready: boolean; reason?: string }> {
    if (this.#checkFiles()) return { ready: false, reason: this.#lost! };
    try {
      // The last write failed: a probe write tells whether storage has come back (the disk has room again).
      if (this.#lastWrite !== null) await this.#run(() => this.#statements.probe.run(Date.now()));
      else await this.#run(() => this.#statements.select1.all(), 'read');
    } catch (error) {
      return { ready: false, reason: (error as Error).message };
    }
    return this.#lastWrite === null
      ? { ready: true }
      : { ready: false, reason: `last write failed: ${this.#lastWrite}` };
  }

  async close(): Promise<void> {
    if (this.#watch) clearInterval(this.#watch);
    await this.#checkpointer?.stop();
    if (!this.#db.open) return;
    this.#moves?.stop(); // and makes every journaled move due
    // Whatever the journal holds goes into the database now (a write of nothing copies it on its way).
    if (this.#moves?.pending()) this.#run(() => undefined).catch(() => undefined);
    this.#batch.flush();
    // libsql leaves the log behind on close: moving it into the database file keeps the file whole by itself.
    if (!this.#lost) {
      try {
        this.#db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } catch {
        // A busy or failing disk: the log stays, and SQLite replays it at the next start.
      }
    }
    this.#db.close();
    this.#journal?.close();
    this.#files?.close();
    this.#folderLock?.release();
  }
}

/** The move journal's file: beside the database, named after it, so it moves with its -wal file. */
export function journalPath(databaseFile: string): string {
  return `${databaseFile}-moves`;
}
