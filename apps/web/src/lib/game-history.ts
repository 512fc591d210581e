// My games' history: the last view of each finished game this browser held a seat in, kept in the browser, so
// the history stays when the server forgets a table (a finished game is kept there for a while, not for ever).
import type { TableView } from '@fg/protocol';

const PREFIX = 'fg:done:';
/** The most finished games kept; the oldest give way. */
const KEPT = 100;

/** A finished game as kept: its last view and when this browser saw it end (ms). */
export interface FinishedGame {
  readonly table: TableView;
  readonly seenAt: number;
}

/** Keeps a finished game's view (again: the newer view replaces the older). */
export function keepFinished(table: TableView, now = Date.now()): void {
  if (!table.result) return;
  try {
    const before = localStorage.getItem(PREFIX + table.id);
    const seenAt = before ? ((JSON.parse(before) as FinishedGame).seenAt ?? now) : now;
    localStorage.setItem(PREFIX + table.id, JSON.stringify({ table, seenAt }));
    if (!before) dropOldest();
  } catch {
    // Storage refused or full: the game is shown while the server has it.
  }
}

/** Every finished game kept, by table id. */
export function finishedGames(): Map<string, FinishedGame> {
  const games = new Map<string, FinishedGame>();
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const name = localStorage.key(i);
      if (!name?.startsWith(PREFIX)) continue;
      const game = JSON.parse(localStorage.getItem(name) ?? 'null') as FinishedGame | null;
      if (game?.table?.result) games.set(name.slice(PREFIX.length), game);
    }
  } catch {
    // Storage refused: no history.
  }
  return games;
}

/** Forgets a finished game. */
export function forgetFinished(id: string): void {
  try {
    localStorage.removeItem(PREFIX + id);
  } catch {
    // Nothing kept.
  }
}

function dropOldest(): void {
  const games = [...finishedGames().entries()].sort((a, b) => a[1].seenAt - b[1].seenAt);
  for (const [id] of games.slice(0, Math.max(0, games.length - KEPT))) forgetFinished(id);
}
