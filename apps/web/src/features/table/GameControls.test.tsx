import type { TableView } from '@fg/protocol';
import { PLAYING_TABLE } from '@fg/protocol/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { GameControls, type GameControlsProps } from './GameControls';

const TABLE = PLAYING_TABLE;

/** The fox player's controls over `table`. */
function controls(table: TableView, extra: Partial<GameControlsProps> = {}) {
  const send = vi.fn(() => true);
  const props: GameControlsProps = { table, side: 'fox', abandonSeconds: 3, awaySince: null, send, ...extra };
  const view = render(<GameControls {...props} />);
  return {
    send,
    rerender: (next: Partial<GameControlsProps>) => view.rerender(<GameControls {...props} {...next} />),
  };
}

const buttonNames = (): string[] => screen.queryAllByRole('button').map((b) => b.textContent ?? '');

describe('GameControls', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] }),
  );
  afterEach(() => vi.useRealTimers());

  it.each<[string, TableView, string[]]>([
    ['during play', TABLE, ['Offer draw', 'Propose takeback', 'Resign']],
    [
      "while the opponent's offer stands (no Offer draw beside Accept draw)",
      { ...TABLE, drawOffer: 'geese' },
      ['Accept draw', 'Decline draw', 'Propose takeback', 'Resign'],
    ],
    ['while its own offer stands', { ...TABLE, drawOffer: 'fox' }, ['Offer draw', 'Propose takeback', 'Resign']],
    [
      'against the computer with a clock (no takebacks)',
      {
        ...TABLE,
        seats: { ...TABLE.seats, geese: { taken: true, online: true, computer: 3 } },
        clock: { initial: 60, increment: 0, fox: 60_000, geese: 60_000, running: 'fox' },
      },
      ['Offer draw', 'Resign'],
    ],
    [
      'against the computer without a clock',
      { ...TABLE, seats: { ...TABLE.seats, geese: { taken: true, online: true, computer: 3 } } },
      ['Offer draw', 'Propose takeback', 'Resign'],
    ],
    [
      "while the opponent's takeback request stands",
      { ...TABLE, takebackOffer: 'geese' },
      ['Offer draw', 'Accept takeback', 'Decline takeback', 'Resign'],
    ],
    [
      'after the game ends, with the opponent asking for a rematch',
      { ...TABLE, status: 'finished', result: { winner: 'fox', reason: 'resignation' }, rematchRequests: ['geese'] },
      ['Rematch', 'Decline rematch'],
    ],
    [
      'after the game ends',
      { ...TABLE, status: 'finished', result: { winner: 'fox', reason: 'resignation' } },
      ['Rematch'],
    ],
  ])('offers exactly the named buttons %s', (_, table, names) => {
    controls(table);
    expect(buttonNames()).toEqual(names);
  });

  it.each([
    ['Accept takeback', { takebackOffer: 'geese' }, 'takeback-accept'],
    ['Decline takeback', { takebackOffer: 'geese' }, 'takeback-decline'],
    ['Propose takeback', { ply: 1, moves: ['d4-d5'], turn: 'geese' }, 'takeback-offer'],
  ] as const)('sends %s as %s', (name, change, type) => {
    const { send } = controls({ ...TABLE, ...change } as TableView);
    fireEvent.click(screen.getByRole('button', { name }));
    expect(send).toHaveBeenCalledWith({ type });
  });

  it('keeps Propose takeback off until the player has made a move of its own, and while its request stands', () => {
    controls(TABLE); // ply 0: the fox has not moved
    expect(screen.getByRole('button', { name: 'Propose takeback' }).hasAttribute('disabled')).toBe(true);
  });

  it.each<[string, TableView['declined'], [boolean, boolean]]>([
    ['none', { draw: null, takeback: null }, [false, false]],
    ['the draw', { draw: 'geese', takeback: null }, [true, false]],
    ['the takeback', { draw: null, takeback: 'geese' }, [false, true]],
    ['both', { draw: 'geese', takeback: 'geese' }, [true, true]],
  ])('keeps off what the view says the opponent declined (%s), as on a page opened after it', (_, declined, off) => {
    controls({ ...TABLE, ply: 1, moves: ['d4-d5'], turn: 'geese', position: TABLE.position, declined });
    const disabled = (name: string): boolean => screen.getByRole('button', { name }).hasAttribute('disabled');
    expect([disabled('Offer draw'), disabled('Propose takeback')]).toEqual(off);
    // A resting button says why, as a page opened after the decline has no notice of it.
    const title = (name: string) => screen.getByRole('button', { name }).getAttribute('title');
    expect([title('Offer draw'), title('Propose takeback')]).toEqual([
      off[0] ? "Your draw offer was declined: you can offer again after your opponent's next move." : null,
      off[1] ? 'A takeback was declined at this move: you can ask again after the next move.' : null,
    ]);
  });

  it('sends rematch-decline from Decline rematch', () => {
    const finished = {
      status: 'finished',
      result: { winner: 'fox', reason: 'resignation' },
      rematchRequests: ['geese'],
    };
    const { send } = controls({ ...TABLE, ...finished } as TableView);
    fireEvent.click(screen.getByRole('button', { name: 'Decline rematch' }));
    expect(send).toHaveBeenCalledWith({ type: 'rematch-decline' });
  });

  it('sends draw-decline from Decline draw', () => {
    const { send } = controls({ ...TABLE, drawOffer: 'geese' });
    fireEvent.click(screen.getByRole('button', { name: 'Decline draw' }));
    expect(send).toHaveBeenCalledWith({ type: 'draw-decline' });
  });

  it('resigns only after Confirm resignation, and Cancel keeps the game', () => {
    const { send } = controls(TABLE);
    fireEvent.click(screen.getByRole('button', { name: 'Resign' }));
    expect(send).not.toHaveBeenCalled();
    expect(buttonNames()).toEqual(['Offer draw', 'Propose takeback', 'Confirm resignation', 'Cancel']);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(buttonNames()).toEqual(['Offer draw', 'Propose takeback', 'Resign']);
    fireEvent.click(screen.getByRole('button', { name: 'Resign' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm resignation' }));
    expect(send).toHaveBeenCalledWith({ type: 'resign' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('offers Claim victory only once the opponent has been away for the abandonment time', () => {
    const { send, rerender } = controls(TABLE);
    rerender({ awaySince: performance.now() });
    expect(screen.getByText('Your opponent is away. You may claim victory in 3 s.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Claim victory' })).toBeNull();
    void act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('button', { name: 'Claim victory' })).toBeNull();
    void act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Claim victory' }));
    expect(send).toHaveBeenCalledWith({ type: 'claim-victory' });
  });

  it('withdraws the claim when the opponent comes back', () => {
    const { rerender } = controls(TABLE, { awaySince: performance.now() });
    void act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('button', { name: 'Claim victory' })).toBeTruthy();
    rerender({ awaySince: null });
    expect(screen.queryByRole('button', { name: 'Claim victory' })).toBeNull();
  });

  it('offers no claim on a correspondence table, where the deadline decides', () => {
    controls(
      { ...TABLE, correspondence: { days: 3 }, deadline: '2026-12-04T12:00:00.000Z' },
      {
        awaySince: performance.now(),
      },
    );
    void act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText(/Your opponent is away/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Claim victory' })).toBeNull();
  });

  it.each<[string, TableView, string[]]>([
    [
      'during play',
      { ...TABLE, ply: 1, moves: ['d4-d5'], turn: 'geese' },
      ['Offer draw', 'Propose takeback', 'Resign'],
    ],
    [
      'with offers standing',
      { ...TABLE, drawOffer: 'geese', takebackOffer: 'geese' },
      ['Accept draw', 'Decline draw', 'Accept takeback', 'Decline takeback', 'Resign'],
    ],
    [
      'after the game ends',
      { ...TABLE, status: 'finished', result: { winner: 'fox', reason: 'resignation' }, rematchRequests: ['geese'] },
      ['Rematch', 'Decline rematch'],
    ],
  ])('while the connection is lost keeps every button in place, disabled, saying why (%s)', (_, table, names) => {
    const { send, rerender } = controls(table, { online: false });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.hasAttribute('disabled'), b.title])).toEqual(
      names.map((name) => [name, true, 'Connection lost: this works again once the game is back in step.']),
    );
    for (const button of buttons) fireEvent.click(button);
    expect(send).not.toHaveBeenCalled();
    rerender({ online: true });
    expect(screen.getAllByRole('button').filter((b) => b.hasAttribute('disabled'))).toEqual([]);
  });

  it('shows no claim countdown while its own connection is lost, and brings it back with the connection', () => {
    const { rerender } = controls(TABLE, { awaySince: performance.now(), online: false });
    expect(screen.queryByText(/Your opponent is away/)).toBeNull();
    rerender({ online: true });
    expect(screen.getByText('Your opponent is away. You may claim victory in 3 s.')).toBeTruthy();
  });
});
