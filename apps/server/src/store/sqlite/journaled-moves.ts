// Which moves the SQLite store may acknowledge through the journal, and when they are copied into the database.
// A table's next ply is known once a move of it was stored the ordinary way; while nothing else changes the
// table, its next ordinary move needs no check in the database (its compare-and-set is on the ply kept here).
// Everything else (an ending, a takeback, a table made or removed) forgets the table and goes through SQLite,
// in a transaction that first copies that table's journaled moves, so the database sees its operations in their
// order. The other tables' moves wait for the copy of all of them (every COPY_MS, or at COPY_AT): copied at every
// write transaction, as they once were, they cost one database page written per busy table per table made, seated
// or ended, most of the log's writes under load.
import { TurnFlush } from '../turn-flush.js';
import type { JournalEntry, MoveJournal } from './move-journal.js';
import { journalLine } from './move-journal.js';

interface Waiting {
  readonly entry: JournalEntry;
  readonly resolve: (stored: boolean) => void;
  readonly reject: (error: unknown) => void;
}

/** What the journal knows of a table changed only by ordinary moves: its next ply and its count of takebacks. */
export interface Known {
  ply: number;
  readonly takebacks: number;
}

/** What the journal needs of its store. */
export interface JournalHooks {
  /** Why the store's files are no longer the ones it opened, or null. */
  readonly lost: () => string | null;
  /** Turns a failed write into the store's error (StoreUnavailable). */
  readonly failure: (error: unknown) => Error;
  /** Told after every journal write: null when it was stored, else the error. */
  readonly onWrite: (error: unknown) => void;
  /** Copies entries into the database; called inside a write transaction. */
  readonly copy: (entries: readonly JournalEntry[]) => void;
  /** Asks for a write transaction soon (it copies the journal on its way). */
  readonly requestCopy: () => void;
}

/** Copied into the database at least this often while moves come in. */
const COPY_MS = 250;
/** Copied at once when this many moves wait. */
const COPY_AT = 512;
/** At most this many moves wait for the database (a few MB); more go through SQLite, which answers for itself. */
const MAX_UNAPPLIED = 50_000;

/** The journal's side of the SQLite store: the known next plies, moves waiting to be written, and to be copied. */
export class JournaledMoves {
  readonly #journal: MoveJournal;
  readonly #hooks: JournalHooks;
  readonly #next = new Map<string, Known>(); // table -> its next ply, while only ordinary moves change it
  #waiting: Waiting[] = []; // not yet written
  readonly #unapplied = new Map<string, JournalEntry[]>(); // table -> its moves in the file, not yet in the database
  #unappliedCount = 0;
  #due = false; // every table's moves are to be copied by the next write transaction
  readonly #needed = new Set<string>(); // tables whose moves the next transaction copies before its operations
  #copying: { readonly id: string; readonly count: number }[] = []; // what the open transaction copies
  // Tables being stored the ordinary way -> the mark of that write: a forget of the table meanwhile drops it, so the
  // write learns its ply only if nothing else changed that table (other tables' changes do not matter).
  readonly #marks = new Map<string, number>();
  #lastMark = 0;
  readonly #turn = new TurnFlush(() => this.writeWaiting());
  #timer: NodeJS.Timeout | null = null;

  constructor(journal: MoveJournal, hooks: JournalHooks) {
    this.#journal = journal;
    this.#hooks = hooks;
  }

  /** Acknowledges an ordinary move through the journal if its table's next ply is known to be its ply; else null. */
  tryAppend(id: string, ply: number, move: string, at: number | null): Promise<boolean> | null {
    const known = this.#next.get(id);
    if (known?.ply !== ply) return null;
    // The database has not taken a copy for long (another process's lock): moves wait for it, and fail with it.
    if (this.#unappliedCount >= MAX_UNAPPLIED) return null;
    known.ply = ply + 1;
    const entry: JournalEntry = { id, ply, move, at, takebacks: known.takebacks };
    return new Promise<boolean>((resolve, reject) => {
      this.#waiting.push({ entry, resolve, reject });
      this.#turn.request(); // moves of one turn of the event loop share one write
    });
  }

  /** A mark to pass to `learned` once the ordinary write of this table is done (after `forget`). */
  mark(id: string): number {
    const mark = ++this.#lastMark;
    this.#marks.set(id, mark);
    return mark;
  }

  /** The ordinary write of `mark` is done: it stored `next.ply - 1` (null: it did not, or failed) and the table has
   * `next.takebacks`; later moves may use the journal unless the table was forgotten since the mark. */
  learned(id: string, next: Known | null, mark: number): void {
    if (this.#marks.get(id) !== mark) return;
    this.#marks.delete(id);
    if (next !== null) this.#next.set(id, { ply: next.ply, takebacks: next.takebacks });
  }

  /** The table changes other than by an ordinary move: its next move goes through the database again, after its
   * journaled moves. */
  forget(id: string): void {
    this.#marks.delete(id);
    this.#next.delete(id);
    this.need(id);
  }

  /** Every table forgets its next ply (tables removed in bulk), and every journaled move goes in first. */
  forgetAll(): void {
    this.#marks.clear();
    this.#next.clear();
    this.needAll();
  }

  /** The next transaction reads or changes the table in the database: its journaled moves go in first. */
  need(id: string): void {
    if (this.#waiting.some((item) => item.entry.id === id)) this.writeWaiting(); // a move of this turn, not yet written
    if (this.#unapplied.has(id)) this.#needed.add(id);
  }

  /** The next transaction reads or changes many tables: every journaled move goes in first. */
  needAll(): void {
    if (this.#waiting.length > 0) this.writeWaiting();
    if (this.#unappliedCount > 0) this.#due = true;
  }

  /** Whether a transaction has journal work to do, so that even a read takes the write lock and copies first. */
  pending(): boolean {
    return this.#due || this.#needed.size > 0;
  }

  /** Writes the waiting moves in one append and acknowledges them; a failure rejects them and forgets their tables. */
  writeWaiting(): void {
    this.#turn.started();
    const waiting = this.#waiting;
    if (waiting.length === 0) return;
    this.#waiting = [];
    const lost = this.#hooks.lost();
    try {
      if (lost) throw new Error(lost);
      this.#journal.append(waiting.map((item) => journalLine(item.entry)).join(''));
    } catch (error) {
      if (!lost) this.#hooks.onWrite(error);
      for (const item of waiting) this.forget(item.entry.id);
      const failure = this.#hooks.failure(error);
      for (const item of waiting) item.reject(failure);
      return;
    }
    this.#hooks.onWrite(null);
    for (const item of waiting) {
      const entries = this.#unapplied.get(item.entry.id);
      if (entries) entries.push(item.entry);
      else this.#unapplied.set(item.entry.id, [item.entry]);
    }
    this.#unappliedCount += waiting.length;
    for (const item of waiting) item.resolve(true);
    if (this.#unappliedCount >= COPY_AT) this.#requestCopy();
    else this.#timer ??= setTimeout(() => this.#requestCopy(), COPY_MS).unref();
  }

  /** Inside a write transaction, before its operations: writes what waits, then copies into the database the
   * moves of the tables it needs (all of them when due). */
  copyIntoDatabase(): void {
    this.writeWaiting();
    const ids = this.#due ? [...this.#unapplied.keys()] : [...this.#needed];
    const copying: { id: string; count: number }[] = [];
    const entries: JournalEntry[] = [];
    for (const id of ids) {
      const moves = this.#unapplied.get(id);
      if (!moves) continue;
      copying.push({ id, count: moves.length });
      for (const entry of moves) entries.push(entry);
    }
    this.#copying = copying;
    if (entries.length > 0) this.#hooks.copy(entries);
  }

  /** The transaction that copied committed: the copied moves leave memory, the file empties once all are in. */
  committed(): void {
    for (const { id, count } of this.#copying) {
      const moves = this.#unapplied.get(id)!;
      if (moves.length === count) this.#unapplied.delete(id);
      else moves.splice(0, count);
      this.#unappliedCount -= count;
    }
    this.#copying = [];
    this.#needed.clear(); // copied now, or with nothing left to copy
    if (this.#unappliedCount === 0) {
      this.#due = false;
      this.#journal.clear();
    }
  }

  /** Stops the copy timer; everything journaled is due for the store's last transaction at close. */
  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.needAll();
  }

  #requestCopy(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#due = true;
    this.#hooks.requestCopy();
  }
}
