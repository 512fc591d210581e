// What observers of the tables (v1.1: the lobby, the computer's seats) are told after anything may have changed
// at a table. Plain facts, not the authority's own state, so observers need not follow how it keeps tables.
import type { StoredTable } from '../store/store.js';

/** A table's facts after a change: as stored, plus who is there now. */
export interface TableSnapshot {
  readonly stored: StoredTable;
  readonly spectators: number; // table-wide
  readonly connected: number; // connections at the table here (players, spectators, the computer)
  readonly created?: boolean; // the table was just created (nobody is at it yet)
}

/** Told after a table was created, seated, joined, left, played at, or ended. */
export interface TableObserver {
  changed(table: TableSnapshot): void;
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
