import type { TableView } from '@fg/protocol';
import { PLAYING_TABLE } from '@fg/protocol/testing';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DeadlineLine } from './DeadlineLine';

const DAY = 86_400_000;
afterEach(() => vi.useRealTimers());

describe('DeadlineLine', () => {
  it('counts a deadline that arrives later from its arrival, not from the mount', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-01T12:00:00.000Z') });
    const waiting: TableView = { ...PLAYING_TABLE, correspondence: { days: 3 }, deadline: null };
    const { container, rerender } = render(<DeadlineLine table={waiting} />);
    expect(container.textContent).toBe('3 days a move'); // a seat is free: what the game is, no time left yet
    expect(container.querySelector('[data-deadline]')).toBeNull();
    vi.setSystemTime(Date.now() + 700); // the second seat is taken a moment later
    const deadline = new Date(Date.now() + 3 * DAY).toISOString();
    rerender(<DeadlineLine table={{ ...waiting, deadline }} />);
    expect(container.querySelector('[data-deadline]')?.textContent).toBe('3 days a move · Fox: 3 days left');
  });

  it.each([
    [
      'a finished game',
      { status: 'finished', result: { winner: 'fox', reason: 'timeout' }, deadline: null },
      '3 days a move',
    ],
    ['a live game', { correspondence: null }, ''],
  ] as const)('says on %s: "%s"', (_name, extra, text) => {
    const table = { ...PLAYING_TABLE, correspondence: { days: 3 }, deadline: null, ...extra } as TableView;
    expect(render(<DeadlineLine table={table} />).container.textContent).toBe(text);
  });
});
