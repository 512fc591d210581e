// The one narrow storage interface of the authority (a port); SQLite, Redis and memory implement it (store/).
import type { ClockSetting, GameResult, TableOptions } from '@fg/protocol';
import type { Side } from '@fg/rules';

import type { Takeback } from './events.js';

/** A table as stored: everything needed to rebuild it after a restart. */
export interface StoredTable {
  readonly id: string; // 'V1StGXR8_Z5j'
  readonly variant: string; // 'standard'
  readonly options: TableOptions; // { geese: 13, sideways: false }
  readonly seats: Readonly<Record<Side, string | null>>; // token hashes; null while the seat is free
  readonly moves: readonly string[]; // ['d4-d5', 'c3-c4']
  readonly result: GameResult | null;
  readonly rematch: string | null; // id of the follow-up table
  readonly createdAt: number; // ms since the epoch
  // For clocks (absent on stores that predate them): the times a clock is rebuilt from after a restart.
  readonly clock?: ClockSetting | null; // { initial: 300, increment: 3 }; null: no clock
  /** Days a move and the length of a day when the table was made (so a changed setting leaves it be). */
  readonly correspondence?: StoredCorrespondence | null;
  readonly seatedAt?: Readonly<Record<Side, number | null>>; // ms when each seat was taken
  readonly moveTimes?: readonly number[]; // ms when each move was stored, oldest first
  readonly endedAt?: number | null; // ms when the game ended
  readonly takebacks?: readonly Takeback[]; // each stored takeback, oldest first (the clocks restart from them)
  // The lobby's and the computer's fields are optional, so stores and tests that predate them still build.
  readonly listed?: boolean; // shown in the lobby
  readonly computer?: ComputerSeat | null; // the seat the computer holds
}

/** A correspondence game's time: `days` a move, each `dayMs` long (CORRESPONDENCE_DAY_SECONDS at creation). */
export interface StoredCorrespondence {
  readonly days: number; // 3
  readonly dayMs: number; // 86 400 000
}

/** The computer's seat at a table: its side, level and the token it joins with (never sent to a client). */
export interface ComputerSeat {
  readonly side: Side;
  readonly level: number; // 1-8
  readonly token: string;
}

/** Storage of tables. Every write is durable once its promise resolves. */
export interface TableStore {
  /**
   * True when each write also reaches the other instances' bus with the write itself (Redis: one script stores
   * and publishes), so the authority does not publish moves, endings, seats and rematches again.
   */
  readonly announcesWrites?: boolean;
  /** Stores a new table. */
  insertTable(table: StoredTable): Promise<void>;
  /** The table with this id, or null. */
  loadTable(id: string): Promise<StoredTable | null>;
  /** Appends a move, stored at time `at`, only if the table still has `ply` moves; stores the result with it. False if `ply` no longer matches. */
  appendMove(id: string, ply: number, move: string, result: GameResult | null, at?: number): Promise<boolean>;
  /** Takes a seat only if it is still free, at time `at`; false if it is taken. */
  takeSeat(id: string, side: Side, tokenHash: string, at?: number): Promise<boolean>;
  /**
   * Ends a game only if it has no result yet and still has `ply` moves, at time `at`; false otherwise: an ending is
   * decided on a position (a clock ran out at that ply), so a move stored meanwhile by another instance wins.
   */
  finish(id: string, ply: number, result: GameResult, at?: number): Promise<boolean>;
  /**
   * takes moves back to `to` at time `at`, only if the table still has `ply` moves and no result; the
   * moves and their times after `to` are removed, the takeback is kept. False if `ply` no longer matches.
   */
  takeBack(id: string, ply: number, to: number, at: number): Promise<boolean>;
  /** Records the follow-up table of a finished one. */
  setRematch(id: string, rematch: string): Promise<void>;
  /** Every table without a result. */
  listUnfinished(): Promise<StoredTable[]>;
  /** Every finished table still kept, a page at a time (the explorer's backfill). */
  listFinished(): AsyncIterable<StoredTable>;
  /** Removes tables created before `createdBefore` with a seat still free; returns their ids. */
  removeWaiting(createdBefore: number): Promise<string[]>;
  /** Whether the store can take writes now: it answers, and its last write succeeded; `reason` says why not. */
  readiness(): Promise<{ ready: boolean; reason?: string }>;
  /** Closes the store; no call may follow. */
  close(): Promise<void>;
}
