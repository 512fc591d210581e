import type { ClientMessage } from '@fg/protocol';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { gameOf, INITIAL_TABLE_STATE, type TableState } from './table-state';
import TableRoute from './TablePage';
import { PLAYING_TABLE } from './test-table';
import type { LiveTable } from './use-table';

// The socket is replaced by a table state the test sets, and a send it watches.
const live = vi.hoisted(() => ({
  state: null as unknown as TableState,
  send: null as unknown as (m: ClientMessage) => boolean,
}));
vi.mock('./use-table', () => ({
  useTable: (): LiveTable => ({
    state: live.state,
    connection: 'open',
    notFound: false,
    rematchSeatTable: null,
    send: live.send,
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
  const page = () => (
    <MemoryRouter initialEntries={['/t/table00001']}>
      <Routes>
        <Route path="/t/:id" element={<TableRoute />} />
      </Routes>
    </MemoryRouter>
  );
  const view = render(page());
  return { rerender: () => view.rerender(page()) };
}

const point = (name: string): HTMLElement => document.querySelector(`[data-point="${name}"]`)!;

describe('TablePage', () => {
  beforeEach(() => {
    live.state = FOX_PLAYER;
    live.send = vi.fn(() => true);
  });

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
});
