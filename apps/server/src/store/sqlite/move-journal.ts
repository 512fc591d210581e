// The move journal: an append-only file beside the database where an ordinary move is acknowledged by one
// write, instead of a SQLite transaction of its own (three libsql calls, six locks and three log writes a move).
// The moves are copied into the database later, many in one statement; the file is emptied once they are there.
// A killed process loses nothing: the write is in the kernel before the move is acknowledged, and the next
// start copies what the file holds into the database before anything else.
import { closeSync, fdatasyncSync, fstatSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';

/**
 * One journaled move: the table, its ply, the move's text, when it was played (null: not recorded), and how many
 * takebacks the table had stored before it (null: a line of a journal written before lines said so).
 */
export interface JournalEntry {
  readonly id: string;
  readonly ply: number;
  readonly move: string;
  readonly at: number | null;
  readonly takebacks: number | null;
}

const LINE = /^([A-Za-z0-9_-]{1,64})\t(\d{1,6})\t([a-z0-9x-]{1,400})\t(\d{0,16})(?:\t(\d{1,6}))?$/;

/**
 * One line of the file: tab-separated, no character of an id or a move can be a tab or a newline. The count of
 * takebacks tells a start which lines a takeback undid after they were copied: a line whose count is no longer the
 * table's was copied, then taken back, and must not come back (its ply alone cannot tell).
 */
export function journalLine(entry: JournalEntry): string {
  return `${entry.id}\t${entry.ply}\t${entry.move}\t${entry.at ?? ''}\t${entry.takebacks ?? 0}\n`;
}

/** The entries of a journal's text; a line cut short by a crash (the last, without its newline) is left out. */
export function parseJournal(text: string): JournalEntry[] {
  const lines = text.split('\n');
  lines.pop(); // the part after the last newline: empty, or a line whose write did not finish
  const entries: JournalEntry[] = [];
  for (const line of lines) {
    const match = LINE.exec(line);
    if (!match) continue; // not written by this server: nothing to copy
    entries.push({
      id: match[1]!,
      ply: Number(match[2]),
      move: match[3]!,
      at: match[4] ? Number(match[4]) : null,
      takebacks: match[5] ? Number(match[5]) : null,
    });
  }
  return entries;
}

/** The open journal file: appends whole lines, empties itself, tells when it was deleted under the server. */
export class MoveJournal {
  readonly #fd: number;
  readonly #sync: boolean;
  #size: number; // bytes of whole lines in the file

  /** Opens (or creates) the file at `path`; `sync` makes every append wait for the disk (SQLITE_SYNC=full). */
  constructor(path: string, sync: boolean) {
    this.#fd = openSync(path, 'a+');
    this.#sync = sync;
    this.#size = fstatSync(this.#fd).size;
  }

  /** What the file holds now: moves acknowledged before a stop and not yet copied into the database. */
  read(): JournalEntry[] {
    return this.#size === 0 ? [] : parseJournal(readFileSync(this.#fd, 'utf8'));
  }

  /** Appends lines, all or none: a write that fails (a full disk) is cut off again, so no half line stays. */
  append(text: string): void {
    try {
      const bytes = Buffer.from(text);
      let written = 0;
      while (written < bytes.length) written += writeSync(this.#fd, bytes, written);
      if (this.#sync) fdatasyncSync(this.#fd);
      this.#size += bytes.length;
    } catch (error) {
      try {
        ftruncateSync(this.#fd, this.#size);
      } catch {
        // The file stays longer than its whole lines; reading it leaves out the part that is not a line.
      }
      throw error;
    }
  }

  /** Empties the file once everything in it is in the database. */
  clear(): void {
    if (this.#size === 0) return;
    ftruncateSync(this.#fd, 0);
    this.#size = 0;
  }

  /** Whether the file was deleted (or another put in its place): its last name is gone, an append would be lost. */
  unlinked(): boolean {
    return fstatSync(this.#fd).nlink === 0;
  }

  close(): void {
    closeSync(this.#fd);
  }
}
