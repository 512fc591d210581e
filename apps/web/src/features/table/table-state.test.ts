import type { ChatSaid, ServerMessage, TableView } from '@fg/protocol';
import { PLAYING_TABLE } from '@fg/protocol/testing';
import type { Side } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { INITIAL_TABLE_STATE, tableReducer, type TableState } from './table-state';

const TABLE = PLAYING_TABLE;

const feed = (state: TableState, ...messages: ServerMessage[]): TableState =>
  messages.reduce((s, message) => tableReducer(s, { type: 'message', message }), state);

const moved = (ply: number, path: string[], move: string, side: 'fox' | 'geese'): ServerMessage => ({
  type: 'moved',
  ply,
  path,
  move,
  side,
  position: '',
  turn: side === 'fox' ? 'geese' : 'fox',
  status: 'playing',
  result: null,
});

const MOVE = moved(0, ['d4', 'd5'], 'd4-d5', 'fox');

describe('tableReducer', () => {
  it('replays the moves of a welcome into a game', () => {
    const state = feed(INITIAL_TABLE_STATE, {
      type: 'welcome',
      role: 'geese',
      table: { ...TABLE, ply: 1, moves: ['d4-d5'], turn: 'geese' },
    });
    expect(state.role).toBe('geese');
    expect(state.game?.moves).toHaveLength(1);
    expect(state.game?.position.turn).toBe('geese');
    expect(state.stale).toBe(false);
  });

  it("applies a moved message that fits and clears the mover's opponent's draw offer", () => {
    const state = feed(
      INITIAL_TABLE_STATE,
      { type: 'welcome', role: 'spectator', table: TABLE },
      { type: 'draw-offered', side: 'geese' },
      moved(0, ['d4', 'd5'], 'd4-d5', 'fox'),
    );
    expect(state.table?.moves).toEqual(['d4-d5']);
    expect(state.table?.ply).toBe(1);
    expect(state.game?.moves).toHaveLength(1);
    expect(state.table?.drawOffer).toBeNull();
  });

  it.each<[string, Partial<TableView>, Side | null, Side[]]>([
    ['a standing draw offer', { drawOffer: 'geese', rematchRequests: [] }, 'geese', []],
    [
      'a rematch request',
      {
        status: 'finished',
        result: { winner: 'fox', reason: 'resignation' },
        drawOffer: null,
        rematchRequests: ['fox'],
      },
      null,
      ['fox'],
    ],
    ['no offer fields (a view from an older server)', {}, null, []],
  ])('takes the offers of a welcome: %s', (_, fields, drawOffer, rematchAsked) => {
    const state = feed(INITIAL_TABLE_STATE, { type: 'welcome', role: 'fox', table: { ...TABLE, ...fields } });
    expect([state.table?.drawOffer ?? null, state.table?.rematchRequests ?? []]).toEqual([drawOffer, rematchAsked]);
  });

  it("a welcome after a reload keeps the offer until the offerer's opponent moves", () => {
    const welcomed = feed(INITIAL_TABLE_STATE, {
      type: 'welcome',
      role: 'geese',
      table: { ...TABLE, drawOffer: 'fox', rematchRequests: [] },
    });
    expect(feed(welcomed, moved(0, ['d4', 'd5'], 'd4-d5', 'fox')).table?.drawOffer).toBe('fox');
    expect(
      feed(welcomed, moved(0, ['d4', 'd5'], 'd4-d5', 'fox'), moved(1, ['c3', 'c4'], 'c3-c4', 'geese')).table?.drawOffer,
    ).toBeNull();
  });

  it.each([
    ['a ply from the future', moved(1, ['d4', 'd5'], 'd4-d5', 'fox')],
    ['a move the rules reject', moved(0, ['d4', 'd6'], 'd4-d6', 'fox')],
  ])('marks the state stale on %s', (_, message) => {
    const state = feed(INITIAL_TABLE_STATE, { type: 'welcome', role: 'spectator', table: TABLE }, message);
    expect(state.stale).toBe(true);
    expect(state.table?.moves).toEqual([]);
  });

  it('ends the game on ended, and a waiting table plays once both seats are taken', () => {
    const waiting = {
      ...TABLE,
      status: 'waiting' as const,
      seats: { ...TABLE.seats, geese: { taken: false, online: false } },
    };
    const state = feed(
      INITIAL_TABLE_STATE,
      { type: 'welcome', role: 'fox', table: waiting },
      { type: 'presence', seats: TABLE.seats, spectators: 2 },
    );
    expect([state.table?.status, state.table?.spectators]).toEqual(['playing', 2]);
    const ended = feed(state, { type: 'ended', result: { winner: 'geese', reason: 'resignation' } });
    expect(ended.table?.status).toBe('finished');
    expect(ended.table?.result).toEqual({ winner: 'geese', reason: 'resignation' });
  });

  it('keeps the last socket error code until dismissed', () => {
    const state = feed(INITIAL_TABLE_STATE, { type: 'error', code: 'not-your-turn', message: 'wait' });
    expect(state.error).toBe('not-your-turn');
    expect(tableReducer(state, { type: 'dismiss-error' }).error).toBeNull();
  });

  it('notes a seat taken while the page watched, and when a taken seat went away', () => {
    const waiting = {
      ...TABLE,
      status: 'waiting' as const,
      seats: { ...TABLE.seats, geese: { taken: false, online: false } },
    };
    const welcomed = tableReducer(INITIAL_TABLE_STATE, {
      type: 'message',
      message: { type: 'welcome', role: 'fox', table: waiting },
      at: 100,
    });
    expect([welcomed.joined, welcomed.welcomes, welcomed.awaySince]).toEqual([null, 1, { fox: null, geese: null }]);
    const joined = tableReducer(welcomed, {
      type: 'message',
      message: { type: 'presence', seats: TABLE.seats, spectators: 0 },
      at: 200,
    });
    expect(joined.joined).toBe('geese');
    const away = tableReducer(joined, {
      type: 'message',
      message: { type: 'presence', seats: { ...TABLE.seats, geese: { taken: true, online: false } }, spectators: 0 },
      at: 300,
    });
    expect(away.awaySince).toEqual({ fox: null, geese: 300 });
    const still = tableReducer(away, {
      type: 'message',
      message: { type: 'presence', seats: away.table!.seats, spectators: 1 },
      at: 400,
    });
    expect(still.awaySince).toEqual({ fox: null, geese: 300 });
  });

  it('restarts the local clock count when a message brings clocks', () => {
    const clock = { initial: 60, increment: 0, fox: 60_000, geese: 60_000, running: 'fox' as const };
    const welcomed = tableReducer(INITIAL_TABLE_STATE, {
      type: 'message',
      message: { type: 'welcome', role: 'fox', table: { ...TABLE, clock } },
      at: 50,
    });
    expect(welcomed.clockAt).toBe(50);
    const moved = tableReducer(welcomed, {
      type: 'message',
      message: { ...(MOVE as object), clock: { ...clock, fox: 58_000, running: 'geese' } } as ServerMessage,
      at: 2_100,
    });
    expect([moved.clockAt, moved.table?.clock?.running]).toEqual([2_100, 'geese']);
  });
});

describe('tableReducer: takebacks, marks, correspondence', () => {
  const welcome: ServerMessage = { type: 'welcome', role: 'fox', table: TABLE };
  const GEESE_MOVE = moved(1, ['c3', 'c4'], 'c3-c4', 'geese');

  it('replays the shortened record of a taken-back table, dropping old news', () => {
    const before = feed(INITIAL_TABLE_STATE, welcome, MOVE, GEESE_MOVE, { type: 'draw-declined', side: 'geese' });
    expect(before.game?.moves).toHaveLength(2);
    const after = feed(before, { type: 'taken-back', table: TABLE });
    expect(after.table?.ply).toBe(0);
    expect(after.game?.moves).toHaveLength(0);
    expect(after.game?.position.turn).toBe('fox');
    expect([after.stale, after.declined, after.role]).toEqual([false, null, 'fox']);
  });

  it.each([
    ['takeback-declined', 'takeback'],
    ['rematch-declined', 'rematch'],
  ] as const)('keeps a %s as the offer declined and who declined it, until the next move', (type, offer) => {
    const declined = feed(INITIAL_TABLE_STATE, welcome, { type, side: 'geese' });
    expect(declined.declined).toEqual({ offer, by: 'geese' });
    expect(feed(declined, MOVE).declined).toBeNull();
  });

  it("keeps a declined draw offer until the decliner moves (the server's offer lapses then), or a new offer replaces it", () => {
    const declined = feed(INITIAL_TABLE_STATE, welcome, { type: 'draw-declined', side: 'geese' });
    const afterFox = feed(declined, MOVE);
    expect([declined.declined, afterFox.declined, feed(afterFox, GEESE_MOVE).declined]).toEqual([
      { offer: 'draw', by: 'geese' },
      { offer: 'draw', by: 'geese' },
      null,
    ]);
    expect(feed(declined, { type: 'draw-offered', side: 'geese' }).declined).toBeNull();
  });

  it('keeps the declines that hold in the view, as the server sends and advances them, for the buttons', () => {
    const both = feed(
      INITIAL_TABLE_STATE,
      { ...welcome, table: { ...TABLE, declined: { draw: null, takeback: null } } },
      MOVE,
      { type: 'takeback-declined', side: 'geese' },
      { type: 'draw-declined', side: 'geese' },
    );
    // The notice tells the last one; the view still says the takeback was declined at this ply.
    expect([both.declined, both.table?.declined]).toEqual([
      { offer: 'draw', by: 'geese' },
      { draw: 'geese', takeback: 'geese' },
    ]);
    expect(feed(both, GEESE_MOVE).table?.declined).toEqual({ draw: null, takeback: null });
  });
});

describe('tableReducer: chat', () => {
  const at = '2026-12-05T04:00:00.000Z';
  const said = (room: 'players' | 'spectators', text: string, side?: Side): ChatSaid => ({
    type: 'chat',
    room,
    ...(side ? { side } : {}),
    text,
    at,
  });
  const welcomed = (role: 'fox' | 'spectator'): TableState =>
    feed(INITIAL_TABLE_STATE, {
      type: 'welcome',
      role,
      table: TABLE,
      chat: role === 'fox' ? { players: [said('players', 'hi', 'geese')], spectators: [] } : { spectators: [] },
    });

  it('takes the history from the welcome, and each message into its room', () => {
    const state = feed(welcomed('fox'), said('spectators', 'nice'), said('players', 'thanks', 'fox'));
    expect(state.chat.players.map((m) => m.text)).toEqual(['hi', 'thanks']);
    expect(state.chat.spectators.map((m) => m.text)).toEqual(['nice']);
  });

  it.each([
    [
      'an error while a chat message waits is the chat’s, not the table’s',
      'fox',
      [],
      { chatError: 'rate-limited', error: null, chatSent: 0 },
    ],
    [
      'after our own message came back, an error is the table’s again',
      'fox',
      [said('players', 'mine', 'fox')],
      { chatError: null, error: 'rate-limited', chatSent: 0 },
    ],
    [
      'the opponent’s message does not answer ours',
      'fox',
      [said('players', 'theirs', 'geese')],
      { chatError: 'rate-limited', error: null, chatSent: 0 },
    ],
    [
      'a spectator’s own message comes back without a side',
      'spectator',
      [said('spectators', 'mine')],
      { chatError: null, error: 'rate-limited', chatSent: 0 },
    ],
  ] as const)('%s', (_what, role, between, expected) => {
    let state = tableReducer(welcomed(role), { type: 'chat-sent' });
    state = feed(state, ...between, { type: 'error', code: 'rate-limited', message: 'slow down' });
    expect({ chatError: state.chatError, error: state.error, chatSent: state.chatSent }).toEqual(expected);
  });

  it('keeps the last 100 messages of a room', () => {
    const many = Array.from({ length: 120 }, (_, n) => said('spectators', `m${n}`));
    const state = feed(welcomed('spectator'), ...many);
    expect(state.chat.spectators).toHaveLength(100);
    expect(state.chat.spectators[0]!.text).toBe('m20');
  });
});
