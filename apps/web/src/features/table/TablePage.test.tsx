import type { ClientMessage } from '@fg/protocol';
import { PLAYING_TABLE } from '@fg/protocol/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { stubSolutionServer } from '../../lib/fake-solution-server';
import { gameOf, INITIAL_TABLE_STATE, type TableState } from './table-state';
import TableRoute from './TablePage';
import type { LiveTable } from './use-table';

// The socket is replaced by a table state the test sets, and a send it watches.
const live = vi.hoisted(() => ({
  state: null as unknown as TableState,
  send: null as unknown as (m: ClientMessage) => boolean,
  link: 'online',
}));
vi.mock('./use-table', () => ({
  useTable: (): LiveTable => ({
    state: live.state,
    connection: 'open',
    link: live.link as LiveTable['link'],
    notFound: false,
    followTable: null,
    send: live.send,
    say: () => true,
    sit: async () => null,
    dismissError: () => {},
  }),
}));

const FOX_PLAYER: TableState = {
  ...INITIAL_TABLE_STATE,
  table: PLAYING_TABLE,
  role: 'fox',
  game: gameOf(PLAYING_TABLE),
};

/** The table page at /t/table00001 as the fox player, over the state in `live`. */
function renderPage() {
  // A fresh element each time, so a rerender reaches the page and its hook.
  const location = memoryLocation({ path: '/t/table00001' });
  const page = () => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Route path="/t/:id" component={TableRoute} />
    </Router>
  );
  const view = render(page());
  return { rerender: () => view.rerender(page()) };
}

const point = (name: string): HTMLElement => document.querySelector(`[data-point="${name}"]`)!;

describe('TablePage', () => {
  beforeEach(() => {
    live.state = FOX_PLAYER;
    live.send = vi.fn(() => true);
    live.link = 'online';
    // The page asks which options are solved: the stand-in answers, so no test reaches for a real server.
    stubSolutionServer([]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has one status line, one element per point, and no second status among the live regions', () => {
    renderPage();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Your move (fox)']);
    const names = [...document.querySelectorAll('[data-point]')].map((el) => el.getAttribute('data-point'));
    expect(names).toHaveLength(33);
    expect(new Set(names).size).toBe(33);
  });

  it('shows a clicked move at once, before the server echoes it', () => {
    renderPage();
    fireEvent.click(point('d4'));
    fireEvent.click(point('d5'));
    expect(live.send).toHaveBeenCalledWith({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    expect(point('d5').getAttribute('data-piece')).toBe('fox');
    expect(point('d4').hasAttribute('data-piece')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('The geese to move');
    expect(screen.getByText('d4-d5')).toBeTruthy();
  });

  it('takes the shown move back when the server refuses it', () => {
    const { rerender } = renderPage();
    fireEvent.click(point('d4'));
    fireEvent.click(point('d5'));
    act(() => {
      live.state = { ...FOX_PLAYER, error: 'stale-ply' };
      rerender();
    });
    expect(point('d4').getAttribute('data-piece')).toBe('fox');
    expect(point('d5').hasAttribute('data-piece')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Your move (fox)');
  });

  it("tells the player of the opponent's draw offer in words and offers Accept draw", () => {
    live.state = { ...FOX_PLAYER, table: { ...FOX_PLAYER.table!, drawOffer: 'geese' } };
    renderPage();
    expect(screen.getByText('The geese offer a draw.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept draw' }));
    expect(live.send).toHaveBeenCalledWith({ type: 'draw-accept' });
  });

  it('does not show a move the socket could not send', () => {
    live.send = vi.fn(() => false);
    renderPage();
    fireEvent.click(point('d4'));
    fireEvent.click(point('d5'));
    expect(point('d4').getAttribute('data-piece')).toBe('fox');
    expect(screen.getByRole('status').textContent).toBe('Your move (fox)');
  });

  it('marks a sent move as sending until its echo', () => {
    renderPage();
    fireEvent.click(point('d4'));
    fireEvent.click(point('d5'));
    expect(document.querySelector('[data-sending="true"]')!.textContent).toBe('Sending d4-d5…');
  });

  it('takes a refused move back visibly, naming the move and the reason', () => {
    const { rerender } = renderPage();
    fireEvent.click(point('d4'));
    fireEvent.click(point('d5'));
    act(() => {
      live.state = { ...FOX_PLAYER, error: 'illegal-move' };
      rerender();
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'Your move d4-d5 was taken back: That move is not legal here.',
    );
    expect(document.querySelector('[data-sending]')).toBeNull();
  });

  it('takes back visibly a move that could not be sent', () => {
    live.send = vi.fn(() => false);
    renderPage();
    fireEvent.click(point('d4'));
    fireEvent.click(point('d5'));
    expect(screen.getByRole('alert').textContent).toContain(
      'Your move d4-d5 was taken back: Not connected; the move was not sent.',
    );
  });

  it('takes back a sent move that a new welcome (a replaced connection) does not have', () => {
    const { rerender } = renderPage();
    fireEvent.click(point('d4'));
    fireEvent.click(point('d5'));
    act(() => {
      live.state = { ...FOX_PLAYER, welcomes: FOX_PLAYER.welcomes + 1 };
      rerender();
    });
    expect(point('d4').getAttribute('data-piece')).toBe('fox');
    expect(screen.getByRole('alert').textContent).toContain('Your move d4-d5 was taken back');
  });

  it('reviews a past position from the move list and the arrow keys, then goes back to the game', () => {
    const table = { ...PLAYING_TABLE, ply: 2, moves: ['d4-d5', 'c3-c4'] };
    live.state = { ...FOX_PLAYER, table, game: gameOf(table), arrivedPly: 2 };
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /^d4-d5/ }));
    expect(point('d5').getAttribute('data-piece')).toBe('fox');
    expect(point('c3').getAttribute('data-piece')).toBe('goose'); // c3-c4 not yet played
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(point('d4').getAttribute('data-piece')).toBe('fox');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.queryByRole('button', { name: 'Back to the game' })).toBeNull(); // the last step is the live game
    fireEvent.click(screen.getByRole('button', { name: /^d4-d5/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(point('c4').getAttribute('data-piece')).toBe('goose');
    expect(point('c3').hasAttribute('data-piece')).toBe(false);
  });

  it("shows the opponent's new move as waiting while reviewing", () => {
    const table = { ...PLAYING_TABLE, ply: 2, moves: ['d4-d5', 'c3-c4'] };
    live.state = { ...FOX_PLAYER, role: 'geese', table, game: gameOf(table), arrivedPly: 2 };
    const { rerender } = renderPage();
    fireEvent.click(screen.getByRole('button', { name: /^d4-d5/ }));
    const next = { ...table, ply: 3, moves: ['d4-d5', 'c3-c4', 'd5-d6'], turn: 'geese' as const };
    act(() => {
      live.state = { ...live.state, table: next, game: gameOf(next) };
      rerender();
    });
    expect(screen.getByRole('note').textContent).toBe('New move waiting: d5-d6');
    expect(point('c3').getAttribute('data-piece')).toBe('goose'); // still the reviewed position
  });

  it('names the tab "Your move" while it is the viewer\'s turn', () => {
    renderPage();
    expect(document.title).toBe('Your move · standard · Fox and Geese');
    fireEvent.click(point('d4'));
    fireEvent.click(point('d5'));
    expect(document.title).toBe('standard · Fox and Geese');
  });

  it('tells a player in a banner that the friend has joined', () => {
    live.state = { ...FOX_PLAYER, joined: 'geese' };
    renderPage();
    expect(screen.getByText('Your opponent has taken the geese seat: the game is on!')).toBeTruthy();
  });

  it('puts the free seat first, above the board, for a visitor', () => {
    const waiting = {
      ...PLAYING_TABLE,
      status: 'waiting' as const,
      seats: { fox: { taken: true, online: true }, geese: { taken: false, online: false } },
    };
    live.state = { ...FOX_PLAYER, role: 'spectator', table: waiting };
    renderPage();
    const take = screen.getByRole('button', { name: 'Take the geese seat' });
    const board = document.querySelector('svg.board')!;
    expect(take.compareDocumentPosition(board) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Take the/ })).toHaveLength(1);
  });

  it('shows a lost connection over the board, in data-connection and words, and takes no input', () => {
    live.link = 'offline';
    renderPage();
    expect(document.querySelector('[data-connection]')!.getAttribute('data-connection')).toBe('offline');
    expect(screen.getByRole('alert').textContent).toMatch(/^Connection lost/);
    fireEvent.click(point('d4'));
    expect(point('d4').getAttribute('aria-pressed')).toBe('false');
    expect(live.send).not.toHaveBeenCalled();
  });

  it('does not wait again for a sent move whose ply a takeback brought back', () => {
    const { rerender } = renderPage();
    fireEvent.click(point('d4'));
    fireEvent.click(point('d5'));
    act(() => {
      // The echo, then a takeback to the start: the move is gone, not drawn as sending again.
      const echoed = { ...PLAYING_TABLE, ply: 1, moves: ['d4-d5'], turn: 'geese' as const };
      live.state = { ...FOX_PLAYER, table: echoed, game: gameOf(echoed) };
      rerender();
      live.state = { ...FOX_PLAYER, undos: 1 };
      rerender();
    });
    expect(point('d4').getAttribute('data-piece')).toBe('fox');
    expect(document.querySelector('[data-sending="true"]')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Your move (fox)');
  });

  it.each([
    ['fox', 'draw', 'geese', 'Your draw offer was declined.'],
    ['fox', 'takeback', 'geese', 'Your takeback request was declined.'],
    ['fox', 'draw', 'fox', 'You declined the draw offer.'],
    ['fox', 'takeback', 'fox', 'You declined the takeback.'],
    ['spectator', 'takeback', 'fox', 'The fox declined the takeback.'],
    ['spectator', 'draw', 'geese', 'The geese declined the draw offer.'],
  ] as const)('tells the %s that a %s was declined by the %s', (role, offer, by, words) => {
    live.state = { ...FOX_PLAYER, role, declined: { offer, by } };
    renderPage();
    expect(document.querySelector('[data-declined]')?.textContent ?? null).toBe(words);
  });

  it('names the two foxes of Two Foxes in the plural when they decline', () => {
    const twoFoxes = { ...PLAYING_TABLE, variant: 'two-foxes', moves: [], ply: 0 };
    live.state = {
      ...FOX_PLAYER,
      table: twoFoxes,
      game: gameOf(twoFoxes),
      role: 'spectator',
      declined: { offer: 'draw', by: 'fox' },
    };
    renderPage();
    expect(document.querySelector('[data-declined]')?.textContent).toBe('The foxes declined the draw offer.');
  });

  it.each([
    ['draw', null],
    ['takeback', null],
    ['rematch', 'You declined the rematch.'],
  ] as const)('after the game ends, a declined %s reads %s', (offer, words) => {
    const ended = {
      ...PLAYING_TABLE,
      status: 'finished' as const,
      result: { winner: 'geese' as const, reason: 'resignation' as const },
    };
    live.state = { ...FOX_PLAYER, table: ended, declined: { offer, by: 'fox' } };
    renderPage();
    expect(document.querySelector('[data-declined]')?.textContent ?? null).toBe(words);
  });

  it('asks to confirm each move when the option is on, and sends only on Confirm move', () => {
    localStorage.setItem('fg:confirm-moves', 'true');
    try {
      renderPage();
      fireEvent.click(point('d4'));
      fireEvent.click(point('d5'));
      expect(live.send).not.toHaveBeenCalled();
      expect(screen.getByText('Play d4-d5?')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Confirm move' }));
      expect(live.send).toHaveBeenCalledWith({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    } finally {
      localStorage.removeItem('fg:confirm-moves');
    }
  });

  it("sets a premove during the opponent's turn and plays it as soon as the turn comes", () => {
    // The fox is to move in the fixture; seen from the geese seat it is the opponent's turn.
    live.state = { ...FOX_PLAYER, role: 'geese' };
    const { rerender } = renderPage();
    fireEvent.click(point('c3'));
    fireEvent.click(point('c4'));
    expect(document.querySelector('[data-premove="c3"]')).toBeTruthy();
    expect(document.querySelector('[data-premove="c4"]')).toBeTruthy();
    expect(live.send).not.toHaveBeenCalled();
    act(() => {
      const afterFox = { ...PLAYING_TABLE, ply: 1, moves: ['d4-d5'], turn: 'geese' as const };
      live.state = { ...FOX_PLAYER, role: 'geese', table: afterFox, game: gameOf(afterFox) };
      rerender();
    });
    expect(live.send).toHaveBeenCalledWith({ type: 'move', ply: 1, path: ['c3', 'c4'] });
  });
});
