// The table as this client knows it, rebuilt from `welcome` and kept current by later messages.
// How a message changes the view is the protocol's one transition (applyServerMessage); this adds
// the rules' game beside it and what only this page cares about.
import {
  applyServerMessage,
  type Role,
  type ServerMessage,
  type ServerMessageOf,
  type SocketErrorCode,
  type TableView,
} from '@fg/protocol';
import { type Game, playPoints, replayRecord } from '@fg/rules';

/** Everything the table page shows that comes from the server. */
export interface TableState {
  readonly table: TableView | null; // null until the first welcome
  readonly role: Role | null; // 'fox' | 'geese' | 'spectator'
  readonly game: Game | null; // the rules' game, replayed from the table's moves
  readonly error: SocketErrorCode | null; // the last socket error code: 'illegal-move'
  readonly stale: boolean; // a move did not fit: the page must resync from a new welcome
  readonly abandonSeconds: number | null; // how long an opponent must be away before a claim: 60
  readonly clockAt: number; // when the view's clock was received (performance.now() ms): 1234.5
}

/** The state before the first welcome. */
export const INITIAL_TABLE_STATE: TableState = {
  table: null,
  role: null,
  game: null,
  error: null,
  stale: false,
  abandonSeconds: null,
  clockAt: 0,
};

/** An event the table page feeds the reducer: a server message (with its arrival time), or the page dismissing an error. */
export type TableAction =
  | { readonly type: 'message'; readonly message: ServerMessage; readonly at?: number }
  | { readonly type: 'dismiss-error' };

/** Replays a table's record with the rules library; null if the record does not replay. */
export function gameOf(table: TableView): Game | null {
  const game = replayRecord({ variant: table.variant, options: table.options, moves: table.moves });
  return game.ok ? game.value : null;
}

/** The state after a `moved`: the game played on by the rules, the view by the protocol; stale if it does not fit. */
export function applyMoved(state: TableState, message: ServerMessageOf<'moved'>): TableState {
  const { table, game } = state;
  if (!table || !game) return state;
  if (message.ply !== game.moves.length) return { ...state, stale: true };
  const played = playPoints(game, message.path);
  if (!played.ok) return { ...state, stale: true };
  // The game moved on: an earlier refusal no longer applies.
  return { ...state, game: played.value, error: null, table: applyServerMessage(table, message) };
}

/** The next state after an action. */
export function tableReducer(state: TableState, action: TableAction): TableState {
  if (action.type === 'dismiss-error') return { ...state, error: null };
  const { message, at = state.clockAt } = action;
  // A message carrying clocks restarts the local count from its arrival.
  const clockAt = 'clock' in message && message.clock ? at : state.clockAt;
  switch (message.type) {
    case 'welcome': {
      const replayed = gameOf(message.table);
      return {
        ...INITIAL_TABLE_STATE,
        table: message.table,
        role: message.role,
        game: replayed,
        stale: replayed === null,
        abandonSeconds: message.abandonSeconds ?? null,
        clockAt: at,
      };
    }
    case 'moved':
      return { ...applyMoved(state, message), clockAt };
    case 'error':
      return { ...state, error: message.code };
    default:
      return { ...state, table: applyServerMessage(state.table, message), clockAt };
  }
}
