// What observers of the tables (the lobby, the computer's seats) are told after anything may have changed
// at a table. Plain facts, not the authority's own state, so observers need not follow how it keeps tables.
import type { Game, Side } from '@fg/rules';

import { correspondenceDeadline } from './deadlines.js';
import type { TableEvent } from './events.js';
import type { StoredTable } from './store.js';
import type { LiveTable } from './table-state.js';

/** A table's facts after a change: as stored, plus who is there now. */
export interface TableSnapshot {
  readonly stored: StoredTable;
  readonly spectators: number; // table-wide
  readonly connected: number; // connections at the table here (players, spectators, the computer)
  readonly computerConnections: number; // of those, the computer's own (0 at a table without the computer)
  readonly created?: boolean; // the table was just created (nobody is at it yet)
}

/** One change this instance made and stored (a move, an ending, an offer), told once, on this instance only. */
export interface TableCommit {
  readonly event: TableEvent;
  readonly stored: StoredTable; // after the change
  readonly game: Game; // the game of `stored`'s moves, as the table holds it (no observer need replay them)
  readonly turn: Side; // the side to move after it
  readonly online: Readonly<Record<Side, boolean>>; // table-wide presence
  readonly deadline: number | null; // ms; the side to move's, in a correspondence game
}

/** Told after a table was created, seated, joined, left, played at, or ended. */
export interface TableObserver {
  changed(table: TableSnapshot): void;
  /** (push): told after each change this instance committed, before any other instance heard of it. */
  committed?(commit: TableCommit): void;
}

/** Tells the observers that care (push, correspondence) of a change this instance committed; faults are logged. */
export function tellCommitted(
  observers: readonly TableObserver[],
  live: LiveTable,
  event: TableEvent,
  onError: (error: unknown, what: string) => void,
): void {
  let commit: TableCommit | null = null;
  for (const observer of observers) {
    if (!observer.committed) continue;
    commit ??= {
      event,
      stored: live.facts.stored,
      game: live.derived.game,
      turn: live.derived.game.position.turn,
      online: { fox: live.presence.isOnline('fox'), geese: live.presence.isOnline('geese') },
      deadline: correspondenceDeadline(live.facts.stored),
    };
    try {
      observer.committed(commit);
    } catch (error) {
      onError(error, 'table observer');
    }
  }
}

/** Tells every observer of a change; their faults are reported, never thrown. */
export function tellObservers(
  observers: readonly TableObserver[],
  snapshot: TableSnapshot,
  onError: (error: unknown, what: string) => void,
): void {
  for (const observer of observers) {
    try {
      observer.changed(snapshot);
    } catch (error) {
      onError(error, 'table observer');
    }
  }
}
