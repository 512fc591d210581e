// The parts of the table page: the shown link state and what a hidden tab tells its player.
import { PLAYING_TABLE } from '@fg/protocol/testing';
import { describe, expect, it } from 'vitest';

import { tabNews } from './use-notices';
import { linkState } from './use-table';

describe('linkState (data-connection)', () => {
  it.each([
    ['open', true, 'online'],
    ['open', false, 'reconnecting'], // open, but no welcome yet: not in step
    ['connecting', false, 'reconnecting'],
    ['reconnecting', false, 'reconnecting'],
    ['offline', false, 'offline'],
    ['closed', false, 'offline'],
  ] as const)('%s with a welcome %s is %s', (connection, inStep, shown) => {
    expect(linkState(connection, inStep)).toBe(shown);
  });
});

describe('tabNews (what a hidden tab tells its player)', () => {
  const t = ((key: string, options?: { context?: string }) =>
    options?.context ? `${key}_${options.context}` : key) as never;
  const table = { ...PLAYING_TABLE };
  it.each([
    ['the player to move', table, 'fox', 'title.yourMove'],
    ['the opponent to move', table, 'geese', null],
    ['a spectator', table, 'spectator', null],
    [
      'an offer waiting',
      { ...table, turn: 'geese' as const, drawOffer: 'fox' as const },
      'geese',
      'controls.drawOfferedBy_fox',
    ],
    ['a takeback asked', { ...table, takebackOffer: 'geese' as const }, 'fox', 'offers.takebackBy_geese'],
    ['a finished game', { ...table, status: 'finished' as const }, 'fox', null],
    [
      'the end',
      { ...table, status: 'finished' as const, result: { winner: 'geese' as const, reason: 'timeout' as const } },
      'fox',
      'result.withReason',
    ],
    [
      'the end, to a spectator',
      { ...table, status: 'finished' as const, result: { winner: 'geese' as const, reason: 'timeout' as const } },
      'spectator',
      null,
    ],
  ] as const)('for %s', (_, view, role, news) => {
    expect(tabNews(t, view, role)).toBe(news);
  });
});
