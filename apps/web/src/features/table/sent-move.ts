// A move this player has sent, shown at once: the board, move list and status do not wait for the
// server's echo, so the click's effect is visible immediately (to a player and to a browser test).
// It is drawn through the same transition as the echo will be: a `moved` built from the local game.
import type { ServerMessageOf } from '@fg/protocol';
// The zod-free entry (as apply-message): the web bundle carries the builder, not the schemas.
import { movedMessage } from '@fg/protocol/moved';
import { playPoints } from '@fg/rules';

import { applyMoved, type TableState } from './table-state';

/** A move sent to the server and not yet answered: the ply it was played at and its path. */
export interface SentMove {
  readonly ply: number; // 4
  readonly path: readonly string[]; // ['d4', 'd5']
}

/** The `moved` the server would send for a sent move, or null when it no longer fits the game. */
export function expectedEcho(state: TableState, sent: SentMove): ServerMessageOf<'moved'> | null {
  const { table, game } = state;
  if (!table || !game || sent.ply !== game.moves.length || table.ply !== game.moves.length) return null;
  const played = playPoints(game, sent.path);
  if (!played.ok) return null;
  // The clocks stay as the server last told them until its echo says how long the move took.
  return movedMessage(game, played.value, table.status !== 'waiting');
}

/** The state as it stands after a sent move; unchanged when nothing is pending or it no longer fits. */
export function withSentMove(state: TableState, sent: SentMove | null): TableState {
  const echo = sent && expectedEcho(state, sent);
  return echo ? applyMoved(state, echo) : state;
}
