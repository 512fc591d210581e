import { describe, expect, it } from 'vitest';

import { applyServerMessage } from './apply-message.js';
import { PLAYING_TABLE } from './testing.js';
import type { ClockView, ServerMessage, TableView } from './types.js';

const VIEW: TableView = { ...PLAYING_TABLE, drawOffer: null, rematchRequests: [] };
const CLOCK: ClockView = { initial: 60, increment: 2, fox: 60_000, geese: 60_000, running: 'fox' };
const AFTER_D5 = 'fox:d5 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:geese quiet:1';

const MOVED: Partial<TableView> = { position: AFTER_D5, turn: 'geese', ply: 1, moves: ['d4-d5'] };

const moved = (extra: Partial<ServerMessage & { type: 'moved' }> = {}): ServerMessage => ({
  type: 'moved',
  ply: 0,
  path: ['d4', 'd5'],
  move: 'd4-d5',
  side: 'fox',
  position: AFTER_D5,
  turn: 'geese',
  status: 'playing',
  result: null,
  ...extra,
});

describe('applyServerMessage', () => {
  it.each<[string, TableView, ServerMessage, Partial<TableView>]>([
    [
      'a move appends its text and takes position, turn and ply',
      VIEW,
      moved(),
      { position: AFTER_D5, turn: 'geese', ply: 1, moves: ['d4-d5'] },
    ],
    ["the opponent's move lapses the offer", { ...VIEW, drawOffer: 'geese' }, moved(), { ...MOVED, drawOffer: null }],
    ["the offerer's own move keeps the offer", { ...VIEW, drawOffer: 'fox' }, moved(), { ...MOVED, drawOffer: 'fox' }],
    [
      'a move that ends the game lapses any offer',
      { ...VIEW, drawOffer: 'fox' },
      moved({ status: 'finished', result: { winner: 'fox', reason: 'geese-reduced' } }),
      { ...MOVED, drawOffer: null, status: 'finished', result: { winner: 'fox', reason: 'geese-reduced' } },
    ],
    [
      'a move carries the clocks',
      { ...VIEW, clock: CLOCK },
      moved({ clock: { ...CLOCK, fox: 59_000, running: 'geese' } }),
      { ...MOVED, clock: { ...CLOCK, fox: 59_000, running: 'geese' } },
    ],
    [
      'presence with both seats taken starts a waiting game',
      { ...VIEW, status: 'waiting', seats: { ...VIEW.seats, geese: { taken: false, online: false } } },
      { type: 'presence', seats: VIEW.seats, spectators: 3, clock: CLOCK },
      { status: 'playing', seats: VIEW.seats, spectators: 3, clock: CLOCK },
    ],
    [
      'presence leaves a finished game finished',
      { ...VIEW, status: 'finished', result: { winner: null, reason: 'draw-agreed' } },
      { type: 'presence', seats: VIEW.seats, spectators: 1 },
      { status: 'finished', spectators: 1 },
    ],
    [
      'ended finishes, lapses the offer and stops the clock',
      { ...VIEW, drawOffer: 'fox', clock: CLOCK },
      { type: 'ended', result: { winner: 'geese', reason: 'timeout' } },
      {
        status: 'finished',
        result: { winner: 'geese', reason: 'timeout' },
        drawOffer: null,
        clock: { ...CLOCK, running: null },
      },
    ],
    [
      "ended takes the server's clocks when it sends them",
      { ...VIEW, clock: CLOCK },
      { type: 'ended', result: { winner: 'geese', reason: 'timeout' }, clock: { ...CLOCK, fox: 0, running: null } },
      {
        status: 'finished',
        result: { winner: 'geese', reason: 'timeout' },
        drawOffer: null,
        clock: { ...CLOCK, fox: 0, running: null },
      },
    ],
    ['a draw offer stands', VIEW, { type: 'draw-offered', side: 'geese' }, { drawOffer: 'geese' }],
    [
      'a declined offer lapses',
      { ...VIEW, drawOffer: 'geese' },
      { type: 'draw-declined', side: 'fox' },
      { drawOffer: null },
    ],
    [
      'a rematch request is added once',
      { ...VIEW, rematchRequests: ['fox'] },
      { type: 'rematch-offered', side: 'fox' },
      { rematchRequests: ['fox'] },
    ],
    [
      'a second request joins the first',
      { ...VIEW, rematchRequests: ['fox'] },
      { type: 'rematch-offered', side: 'geese' },
      { rematchRequests: ['fox', 'geese'] },
    ],
    [
      'the rematch table is named',
      VIEW,
      { type: 'rematch', table: 'table00002' },
      { rematch: 'table00002', rematchRequests: [] },
    ],
    [
      'a move lapses a takeback offer and carries the deadline',
      { ...VIEW, takebackOffer: 'geese', correspondence: { days: 3 }, deadline: '2026-12-04T10:00:00.000Z' },
      moved({ deadline: '2026-12-04T10:05:00.000Z' }),
      { ...MOVED, takebackOffer: null, deadline: '2026-12-04T10:05:00.000Z' },
    ],
    [
      'ended lapses a takeback offer and clears the deadline',
      { ...VIEW, takebackOffer: 'fox', correspondence: { days: 1 }, deadline: '2026-12-04T10:00:00.000Z' },
      { type: 'ended', result: { winner: 'fox', reason: 'timeout' } },
      {
        status: 'finished',
        result: { winner: 'fox', reason: 'timeout' },
        drawOffer: null,
        takebackOffer: null,
        deadline: null,
      },
    ],
    [
      'a takeback offer stands',
      { ...VIEW, takebackOffer: null },
      { type: 'takeback-offered', side: 'fox' },
      { takebackOffer: 'fox' },
    ],
    [
      'a declined takeback lapses',
      { ...VIEW, takebackOffer: 'fox' },
      { type: 'takeback-declined', side: 'geese' },
      { takebackOffer: null },
    ],
    [
      "a declined rematch drops the opponent's request and keeps the decliner's own",
      { ...VIEW, status: 'finished', rematchRequests: ['fox'] },
      { type: 'rematch-declined', side: 'geese' },
      { rematchRequests: [] },
    ],
    [
      'a draw declined holds, named by its decliner, beside a takeback declined',
      { ...VIEW, drawOffer: 'fox', declined: { draw: null, takeback: 'geese' } },
      { type: 'draw-declined', side: 'geese' },
      { drawOffer: null, declined: { draw: 'geese', takeback: 'geese' } },
    ],
    [
      'a takeback declined holds beside a draw declined',
      { ...VIEW, takebackOffer: 'fox', declined: { draw: 'geese', takeback: null } },
      { type: 'takeback-declined', side: 'geese' },
      { takebackOffer: null, declined: { draw: 'geese', takeback: 'geese' } },
    ],
    [
      "the offerer's move keeps the draw declined and lapses the takeback declined",
      { ...VIEW, declined: { draw: 'geese', takeback: 'geese' } },
      moved(),
      { ...MOVED, declined: { draw: 'geese', takeback: null } },
    ],
    [
      "the decliner's move lapses the draw declined",
      { ...VIEW, declined: { draw: 'fox', takeback: null } },
      moved(),
      { ...MOVED, declined: { draw: null, takeback: null } },
    ],
    [
      'a move that ends the game lapses every decline',
      { ...VIEW, declined: { draw: 'geese', takeback: null } },
      moved({ status: 'finished', result: { winner: 'fox', reason: 'geese-reduced' } }),
      {
        ...MOVED,
        status: 'finished',
        result: { winner: 'fox', reason: 'geese-reduced' },
        declined: { draw: null, takeback: null },
      },
    ],
    [
      "the decliner's own draw offer takes the place of the draw declined",
      { ...VIEW, declined: { draw: 'geese', takeback: 'geese' } },
      { type: 'draw-offered', side: 'geese' },
      { drawOffer: 'geese', declined: { draw: null, takeback: 'geese' } },
    ],
    [
      'ended lapses every decline',
      { ...VIEW, declined: { draw: 'geese', takeback: 'fox' } },
      { type: 'ended', result: { winner: 'fox', reason: 'resignation' } },
      {
        status: 'finished',
        result: { winner: 'fox', reason: 'resignation' },
        drawOffer: null,
        declined: { draw: null, takeback: null },
      },
    ],
    ['a view without declines keeps without them', VIEW, { type: 'draw-declined', side: 'geese' }, { drawOffer: null }],
    ['pong changes nothing', VIEW, { type: 'pong' }, {}],
    ['an error changes nothing', VIEW, { type: 'error', code: 'illegal-move', message: 'no' }, {}],
  ])('%s', (_name, view, message, changed) => {
    expect(applyServerMessage(view, message)).toEqual({ ...view, ...changed });
  });

  it('takes the table of a welcome whatever it knew', () => {
    const table = { ...VIEW, ply: 3 };
    expect(applyServerMessage(VIEW, { type: 'welcome', role: 'fox', table })).toBe(table);
    expect(applyServerMessage(null, { type: 'welcome', role: 'spectator', table })).toBe(table);
  });

  it('takes the table of a taken-back whole', () => {
    const table = { ...VIEW, ply: 1, moves: ['d4-d5'] };
    expect(applyServerMessage({ ...VIEW, ply: 3 }, { type: 'taken-back', table })).toBe(table);
  });

  it('knows nothing before a welcome', () => {
    expect(applyServerMessage(null, moved())).toBeNull();
  });

  it('never changes the view it is given', () => {
    const view = Object.freeze({ ...VIEW, moves: Object.freeze([]) as unknown as string[] });
    expect(() => applyServerMessage(view, moved())).not.toThrow();
    expect(view.moves).toEqual([]);
  });
});
