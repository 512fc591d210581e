import type { TableView } from '@fg/protocol';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DeadlineLine } from './DeadlineLine';
import { PLAYING_TABLE } from './test-table';

const DAY = 86_400_000;
afterEach(() => vi.useRealTimers());

describe('DeadlineLine', () => {
  it('counts a deadline that arrives later from its arrival, not from the mount', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-01T12:00:00.000Z') });
    const waiting: TableView = { ...PLAYING_TABLE, correspondence: { days: 3 }, deadline: null };
    const { container, rerender } = render(<DeadlineLine table={waiting} />);
    expect(container.textContent).toBe('');
    vi.setSystemTime(Date.now() + 700); // the second seat is taken a moment later
    const deadline = new Date(Date.now() + 3 * DAY).toISOString();
    rerender(<DeadlineLine table={{ ...waiting, deadline }} />);
    expect(container.querySelector('[data-deadline]')?.textContent).toBe('3 days a move · Fox: 3 days left');
  });
});
