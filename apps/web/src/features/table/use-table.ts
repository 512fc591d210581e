// The live table: a reconnecting socket, the state it feeds, and the actions a player can take.
import type { ChatRoom, ClientMessage } from '@fg/protocol';
import type { Side } from '@fg/rules';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';

import { fetchTable, takeSeat } from '../../lib/api';
import {
  Connection,
  type ConnectionState,
  LIVENESS_IDLE,
  LIVENESS_IN_PLAY,
  tableSocketUrl,
} from '../../lib/connection';
import { pageTable } from '../../lib/page-data';
import { forgetSeat, loadSeat, saveSeat, seatKey } from '../../lib/seat-store';
import { keepRematchSeat } from './rematch-seat';
import { INITIAL_TABLE_STATE, tableReducer, type TableState } from './table-state';

/** The connection as the page shows it (`data-connection`): in step with the server, lost, or on the way back. */
export type LinkState = 'online' | 'offline' | 'reconnecting';

/** The shown link state: online only once the socket is open and a welcome has put the page back in step. */
export function linkState(connection: ConnectionState, inStep: boolean): LinkState {
  if (connection === 'open') return inStep ? 'online' : 'reconnecting';
  if (connection === 'offline' || connection === 'closed') return 'offline';
  return 'reconnecting';
}

/** The state before the welcome: the table the page's HTML carried, as this browser's seat (if any) sees it. */
function carriedState(id: string): TableState {
  const table = pageTable(id);
  if (!table) return INITIAL_TABLE_STATE;
  return tableReducer(INITIAL_TABLE_STATE, { type: 'preview', table, role: loadSeat(id)?.side ?? 'spectator' });
}

/** The table page's live data and actions. */
export interface LiveTable {
  readonly state: TableState;
  readonly connection: ConnectionState;
  readonly link: LinkState; // the board takes input only while 'online'
  readonly notFound: boolean;
  readonly followTable: string | null; // the rematch table this page goes on to (players and spectators alike)
  readonly send: (message: ClientMessage) => boolean;
  readonly say: (room: ChatRoom, text: string) => boolean; // a chat message; false when not sent (offline)
  readonly sit: (side: Side) => Promise<string | null>; // null on success, else an error code
  readonly dismissError: () => void;
}

/** Connects to table `id` and keeps its state; the stored seat token makes this browser a player. */
export function useTable(id: string): LiveTable {
  // The table in the page's HTML draws the board in the very first render; the socket's welcome replaces it.
  const [state, dispatch] = useReducer(tableReducer, id, carriedState);
  const [connectionState, setConnectionState] = useState<ConnectionState>('connecting');
  const [notFound, setNotFound] = useState(() => pageTable(id) === null);
  const [inStep, setInStep] = useState(false); // a welcome arrived on the socket now open
  const [followTable, setFollowTable] = useState<string | null>(null);
  const connection = useRef<Connection | null>(null);
  const sentToken = useRef<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    // Without the table in the page's HTML, the API says whether it exists while the socket connects.
    if (pageTable(id) === undefined)
      void fetchTable(id).then((answer) => {
        if (live && !answer.ok && answer.code === 'table-not-found') setNotFound(true);
      });
    const socket = new Connection(tableSocketUrl(location, id), {
      hello: () => {
        sentToken.current = loadSeat(id)?.token;
        return sentToken.current ? { type: 'hello', token: sentToken.current } : { type: 'hello' };
      },
      onState: (next) => {
        if (!live) return;
        setConnectionState(next);
        if (next !== 'open') setInStep(false);
      },
      onMessage: (message) => {
        if (!live) return;
        if (message.type === 'welcome') setInStep(true);
        if (message.type === 'welcome' && sentToken.current) {
          // The server names our seat: remember its side, or forget a token it did not accept.
          if (message.role === 'spectator') forgetSeat(id);
          else saveSeat(id, { side: message.role, token: sentToken.current });
        }
        if (message.type === 'error' && message.code === 'bad-token') {
          // The token holds no seat here: forget it and watch instead.
          forgetSeat(id);
          socket.reconnect();
        }
        if (message.type === 'error' && message.code === 'table-not-found') setNotFound(true);
        if (message.type === 'rematch') {
          // Players go on with their new seat; spectators follow the table to its rematch.
          keepRematchSeat(id, message);
          setFollowTable(message.table);
        }
        dispatch({ type: 'message', message, at: performance.now() });
      },
    });
    connection.current = socket;
    // A seat taken in another tab of this browser: become that player here too, without a reload.
    const onStorage = (event: StorageEvent): void => {
      if (event.key === seatKey(id) && event.newValue && loadSeat(id)?.token !== sentToken.current) socket.reconnect();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      live = false;
      window.removeEventListener('storage', onStorage);
      socket.close();
      connection.current = null;
    };
  }, [id]);

  // A move that did not fit what we know: start again from a fresh welcome.
  useEffect(() => {
    if (state.stale) connection.current?.reconnect();
  }, [state.stale]);

  // While a game is on, a ping every 2 s and 5 s of silence is a lost connection; otherwise the idle pace.
  const playing = state.table?.status === 'playing';
  useEffect(() => {
    connection.current?.setTiming(playing ? LIVENESS_IN_PLAY : LIVENESS_IDLE);
  }, [playing]);

  const send = useCallback((message: ClientMessage) => connection.current?.send(message) ?? false, []);

  const sit = useCallback(
    async (side: Side): Promise<string | null> => {
      const answer = await takeSeat(id, side);
      if (!answer.ok) return answer.code;
      saveSeat(id, answer.value.seat);
      connection.current?.reconnect(); // hello again, now with the token
      return null;
    },
    [id],
  );

  const say = useCallback((room: ChatRoom, text: string) => {
    const sent = connection.current?.send({ type: 'chat', room, text }) ?? false;
    if (sent) dispatch({ type: 'chat-sent' });
    return sent;
  }, []);

  const dismissError = useCallback(() => dispatch({ type: 'dismiss-error' }), []);

  const link = linkState(connectionState, inStep);
  return { state, connection: connectionState, link, notFound, followTable, send, say, sit, dismissError };
}
