// The table as this client knows it, rebuilt from `welcome` and kept current by later messages.
// How a message changes the view is the protocol's one transition (applyServerMessage); this adds
// the rules' game beside it and what only this page cares about.
import type { ChatSaid, Role, ServerMessage, ServerMessageOf, SocketErrorCode, TableView } from '@fg/protocol';
// The zod-free entry: the web bundle carries the transition, not the schemas.
import { applyServerMessage } from '@fg/protocol/apply-message';
import { type Game, playPoints, replayRecord, type Side, SIDES } from '@fg/rules';

/** Everything the table page shows that comes from the server. */
export interface TableState {
  readonly table: TableView | null; // null until the first welcome
  readonly role: Role | null; // 'fox' | 'geese' | 'spectator'
  readonly game: Game | null; // the rules' game, replayed from the table's moves
  readonly error: SocketErrorCode | null; // the last socket error code: 'illegal-move'
  readonly stale: boolean; // a move did not fit: the page must resync from a new welcome
  readonly abandonSeconds: number | null; // how long an opponent must be away before a claim: 60
  readonly clockAt: number; // when the view's clock was received (performance.now() ms): 1234.5
  readonly awaySince: Readonly<Record<Side, number | null>>; // when each taken seat was last seen going offline
  readonly arrivedPly: number; // moves the table had at the last welcome: only later ones are announced
  readonly joined: Side | null; // a seat taken while this page watched: 'geese' (the friend arrived)
  readonly welcomes: number; // welcomes received: a new one means the connection was replaced
  readonly arrivedFinished: boolean; // the game had ended at the last welcome: its result is not news
  readonly declined: Declined | null; // the last offer declined while this page watched, until it lapses
  readonly undos: number; // takebacks seen: a move sent before one is not waited for again at its old ply
  readonly chat: ChatRooms; // the rooms this page reads, oldest first
  readonly chatSent: number; // chat messages sent and not answered yet: an error meanwhile is the chat's
  readonly chatError: SocketErrorCode | null; // the last refused chat message's code: 'rate-limited'
}

/** The chat rooms as this page reads them (a spectator's `players` stays empty). */
export interface ChatRooms {
  readonly players: readonly ChatSaid[];
  readonly spectators: readonly ChatSaid[];
}

/** The most messages of a room the page keeps. */
const CHAT_KEPT = 100;
const NO_CHAT: ChatRooms = { players: [], spectators: [] };

/** An offer declined: which one, and the side that declined it. */
interface Declined {
  readonly offer: 'draw' | 'takeback' | 'rematch';
  readonly by: Side; // the decliner: 'geese'
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
  awaySince: { fox: null, geese: null },
  arrivedPly: 0,
  joined: null,
  welcomes: 0,
  arrivedFinished: false,
  declined: null,
  undos: 0,
  chat: NO_CHAT,
  chatSent: 0,
  chatError: null,
};

/** When each seat went away, as far as this page saw: kept while away, null while online or free. */
function awayTimes(before: TableState['awaySince'], table: TableView | null, at: number): TableState['awaySince'] {
  if (!table) return before;
  const since = (side: Side): number | null => {
    const seat = table.seats[side];
    return seat.taken && !seat.online ? (before[side] ?? at) : null;
  };
  const next = { fox: since('fox'), geese: since('geese') };
  return next.fox === before.fox && next.geese === before.geese ? before : next;
}

/** An event the table page feeds the reducer: a server message (with its arrival time), or the page dismissing an error. */
export type TableAction =
  | { readonly type: 'message'; readonly message: ServerMessage; readonly at?: number }
  | { readonly type: 'dismiss-error' }
  | { readonly type: 'preview'; readonly table: TableView; readonly role: Role } // the table from the page's HTML
  | { readonly type: 'chat-sent' }; // its answer is the echo, or an error that is the chat's

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

/** The messages that say an offer was declined, and which offer. */
const DECLINES: Partial<Record<ServerMessage['type'], Declined['offer']>> = {
  'draw-declined': 'draw',
  'takeback-declined': 'takeback',
  'rematch-declined': 'rematch',
};

/** The next state after an action. */
export function tableReducer(state: TableState, action: TableAction): TableState {
  if (action.type === 'dismiss-error') return { ...state, error: null };
  if (action.type === 'preview') {
    // Drawn before the socket's welcome, which replaces it; a welcome already in wins.
    if (state.table) return state;
    const game = gameOf(action.table);
    if (!game) return state;
    return {
      ...state,
      table: action.table,
      role: action.role,
      game,
      arrivedPly: action.table.ply,
      arrivedFinished: action.table.result !== null,
    };
  }
  if (action.type === 'chat-sent') return { ...state, chatSent: state.chatSent + 1, chatError: null };
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
        awaySince: awayTimes(INITIAL_TABLE_STATE.awaySince, message.table, at),
        arrivedPly: message.table.ply,
        // A reconnect's welcome keeps the news of a seat taken meanwhile.
        joined:
          SIDES.find((side) => state.table && !state.table.seats[side].taken && message.table.seats[side].taken) ??
          state.joined,
        welcomes: state.welcomes + 1,
        undos: state.undos,
        arrivedFinished: message.table.result !== null,
        chat: { players: message.chat?.players ?? [], spectators: message.chat?.spectators ?? [] },
      };
    }
    case 'moved': {
      // A declined draw offer stands (and may not be made again) until the decliner moves; any other lapses.
      const { declined } = state;
      const keeps = declined?.offer === 'draw' && declined.by !== message.side;
      return { ...applyMoved(state, message), clockAt, declined: keeps ? declined : null };
    }
    case 'taken-back': {
      // The table after the undo: the game replayed from its shortened record, any refusal and old news gone.
      const replayed = gameOf(message.table);
      return {
        ...state,
        table: message.table,
        game: replayed,
        stale: replayed === null,
        error: null,
        declined: null,
        undos: state.undos + 1,
        clockAt: at,
        arrivedPly: Math.min(state.arrivedPly, message.table.ply),
      };
    }
    case 'error':
      // The server answers one message at a time: an error while a chat message waits is that message's.
      if (state.chatSent > 0) return { ...state, chatSent: state.chatSent - 1, chatError: message.code };
      return { ...state, error: message.code };
    case 'chat': {
      const room = [...state.chat[message.room], message].slice(-CHAT_KEPT);
      // Our own message back (in the room we write in, from our side): the one we sent was taken.
      const mine =
        message.room === (state.role === 'spectator' ? 'spectators' : 'players') &&
        message.side === (state.role === 'spectator' ? undefined : state.role);
      return {
        ...state,
        chat: { ...state.chat, [message.room]: room },
        chatSent: mine ? Math.max(0, state.chatSent - 1) : state.chatSent,
      };
    }
    default: {
      const table = applyServerMessage(state.table, message);
      const offer = DECLINES[message.type];
      // A new draw offer takes the place of the one declined: the server keeps one draw offer per table.
      const replaced = message.type === 'draw-offered' && state.declined?.offer === 'draw';
      const declined = offer && 'side' in message ? { offer, by: message.side } : replaced ? null : state.declined;
      const joined = SIDES.find((side) => table?.seats[side].taken && !state.table?.seats[side].taken);
      return {
        ...state,
        table,
        clockAt,
        awaySince: awayTimes(state.awaySince, table, at),
        joined: joined ?? state.joined,
        declined,
      };
    }
  }
}
