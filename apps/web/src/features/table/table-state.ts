// The table as this client knows it, rebuilt from `welcome` and kept current by later messages.
import type { GameResult, Role, ServerMessage, TableView } from '@fg/protocol';
import { type Game, playPoints, replayRecord, type Side } from '@fg/rules';

/** Everything the table page shows that comes from the server. */
export interface TableState {
  readonly table: TableView | null; // null until the first welcome
  readonly role: Role | null; // 'fox' | 'geese' | 'spectator'
  readonly game: Game | null; // the rules' game, replayed from the table's moves
  readonly drawOffer: Side | null; // the side whose draw offer stands
  readonly rematchAsked: readonly Side[]; // sides that asked for a rematch
  readonly error: string | null; // the last socket error code: 'illegal-move'
  readonly stale: boolean; // a move did not fit: the page must resync from a new welcome
  readonly abandonSeconds: number | null; // how long an opponent must be away before a claim: 60
}

/** The state before the first welcome. */
export const INITIAL_TABLE_STATE: TableState = {
  table: null,
  role: null,
  game: null,
  drawOffer: null,
  rematchAsked: [],
  error: null,
  stale: false,
  abandonSeconds: null,
};

/** An event the table page feeds the reducer: a server message, or the page dismissing an error. */
export type TableAction =
  { readonly type: 'message'; readonly message: ServerMessage } | { readonly type: 'dismiss-error' };

/** Replays a table's record with the rules library; null if the record does not replay. */
export function gameOf(table: TableView): Game | null {
  const game = replayRecord({ variant: table.variant, options: table.options, moves: table.moves });
  return game.ok ? game.value : null;
}

const ended = (state: TableState, result: GameResult): TableState =>
  state.table ? { ...state, table: { ...state.table, status: 'finished', result }, drawOffer: null } : state;

/** The next state after an action. */
export function tableReducer(state: TableState, action: TableAction): TableState {
  if (action.type === 'dismiss-error') return { ...state, error: null };
  const message = action.message;
  const { table, game } = state;
  switch (message.type) {
    case 'welcome': {
      const replayed = gameOf(message.table);
      return {
        ...INITIAL_TABLE_STATE,
        table: message.table,
        role: message.role,
        game: replayed,
        // Additions to protocol v1's TableView: offers still standing, so a reload still shows them.
        drawOffer: message.table.drawOffer ?? null,
        rematchAsked: message.table.rematchRequests ?? [],
        stale: replayed === null,
        // An addition to protocol v1's welcome: the server's abandonment time.
        abandonSeconds: (message as { abandonSeconds?: number }).abandonSeconds ?? null,
      };
    }
    case 'moved': {
      if (!table || !game) return state;
      if (message.ply !== game.moves.length) return { ...state, stale: true };
      const played = playPoints(game, message.path);
      if (!played.ok) return { ...state, stale: true };
      return {
        ...state,
        game: played.value,
        error: null, // the game moved on: an earlier refusal no longer applies
        // As on the server: the offerer's opponent moving, or the game ending, lapses the offer.
        drawOffer: message.result || (state.drawOffer && state.drawOffer !== message.side) ? null : state.drawOffer,
        table: {
          ...table,
          position: message.position,
          turn: message.turn,
          status: message.status,
          result: message.result,
          ply: message.ply + 1,
          moves: [...table.moves, message.move],
        },
      };
    }
    case 'presence': {
      if (!table) return state;
      const both = message.seats.fox.taken && message.seats.geese.taken;
      const status = table.status === 'waiting' && both ? 'playing' : table.status;
      return { ...state, table: { ...table, seats: message.seats, spectators: message.spectators, status } };
    }
    case 'ended':
      return ended(state, message.result);
    case 'draw-offered':
      return { ...state, drawOffer: message.side };
    case 'rematch-offered':
      return state.rematchAsked.includes(message.side)
        ? state
        : { ...state, rematchAsked: [...state.rematchAsked, message.side] };
    case 'rematch':
      return table ? { ...state, table: { ...table, rematch: message.table } } : state;
    case 'error':
      return { ...state, error: message.code };
    default:
      return state;
  }
}
