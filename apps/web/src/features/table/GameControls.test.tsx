import type { TableView } from '@fg/protocol';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { GameControls, type GameControlsProps } from './GameControls';
import { PLAYING_TABLE } from './test-table';

const TABLE = PLAYING_TABLE;

const AWAY: TableView = { ...TABLE, seats: { ...TABLE.seats, geese: { taken: true, online: false } } };

/** The fox player's controls over `table`. */
function controls(table: TableView, extra: Partial<GameControlsProps> = {}) {
  const send = vi.fn(() => true);
  const props: GameControlsProps = {
    table,
    side: 'fox',
    drawOffer: null,
    rematchAsked: [],
    abandonSeconds: 3,
    send,
    ...extra,
  };
  const view = render(<GameControls {...props} />);
  return { send, rerender: (next: TableView) => view.rerender(<GameControls {...props} table={next} />) };
}

const buttonNames = (): string[] => screen.queryAllByRole('button').map((b) => b.textContent ?? '');

describe('GameControls', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each<[string, Partial<GameControlsProps>, TableView, string[]]>([
    ['during play', {}, TABLE, ['Offer draw', 'Resign']],
    ['after the opponent offers a draw', { drawOffer: 'geese' }, TABLE, ['Accept draw', 'Offer draw', 'Resign']],
    [
      'after the game ends',
      {},
      { ...TABLE, status: 'finished', result: { winner: 'fox', reason: 'resignation' } },
      ['Rematch'],
    ],
  ])('offers exactly the named buttons %s', (_, extra, table, names) => {
    controls(table, extra);
    expect(buttonNames()).toEqual(names);
  });

  it('offers Claim victory only once the opponent has been away for the abandonment time', () => {
    const { send, rerender } = controls(TABLE);
    rerender(AWAY);
    expect(screen.getByText('Your opponent is away. You may claim victory in 3 s.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Claim victory' })).toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('button', { name: 'Claim victory' })).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Claim victory' }));
    expect(send).toHaveBeenCalledWith({ type: 'claim-victory' });
  });

  it('withdraws the claim when the opponent comes back', () => {
    const { rerender } = controls(AWAY);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('button', { name: 'Claim victory' })).toBeTruthy();
    rerender(TABLE);
    expect(screen.queryByRole('button', { name: 'Claim victory' })).toBeNull();
  });
});
