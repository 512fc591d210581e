import type { TableView } from '@fg/protocol';
import { PLAYING_TABLE } from '@fg/protocol/testing';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import { statusText } from './status-text';

const TABLE: TableView = {
  ...PLAYING_TABLE,
  options: {},
  position: '',
  turn: 'geese',
  ply: 1,
  moves: ['d4-d5'],
};

describe('statusText', () => {
  const t = i18next.t.bind(i18next);
  it.each([
    ['no table yet', null, null, 'Connecting to the table…'],
    ['a free seat', { ...TABLE, status: 'waiting' as const }, 'fox' as const, 'Waiting for a second player'],
    ['the viewer to move', TABLE, 'geese' as const, 'Your move (geese)'],
    ['a spectator', TABLE, 'spectator' as const, 'The geese to move'],
    [
      'a resignation',
      { ...TABLE, status: 'finished' as const, result: { winner: 'geese' as const, reason: 'resignation' as const } },
      'fox' as const,
      'The geese win: the fox resigned',
    ],
    [
      'a trapped fox',
      { ...TABLE, status: 'finished' as const, result: { winner: 'geese' as const, reason: 'fox-trapped' as const } },
      'geese' as const,
      'The geese win: the fox cannot move',
    ],
    [
      'a draw',
      { ...TABLE, status: 'finished' as const, result: { winner: null, reason: 'threefold-repetition' as const } },
      'geese' as const,
      'Draw: the same position came up a third time',
    ],
  ])('%s', (_, table, role, text) => {
    expect(statusText(t, table, role)).toBe(text);
  });

  // Two Foxes' fox side is two foxes: it is named in the plural, as the variant's data counts them.
  const TWO_FOXES: TableView = { ...TABLE, variant: 'two-foxes', turn: 'fox', ply: 2, moves: ['c7-c6', 'c3-c4'] };
  it.each([
    ['two-foxes, the viewer to move', TWO_FOXES, 'fox' as const, 'Your move (foxes)'],
    ['two-foxes, a spectator', TWO_FOXES, 'spectator' as const, 'The foxes to move'],
    [
      'two-foxes, the foxes win',
      {
        ...TWO_FOXES,
        status: 'finished' as const,
        result: { winner: 'fox' as const, reason: 'geese-reduced' as const },
      },
      'geese' as const,
      'The foxes win: too few geese are left',
    ],
    [
      'two-foxes, the foxes resign',
      {
        ...TWO_FOXES,
        status: 'finished' as const,
        result: { winner: 'geese' as const, reason: 'resignation' as const },
      },
      'geese' as const,
      'The geese win: the foxes resigned',
    ],
    ['standard, the viewer to move', { ...TABLE, turn: 'fox' as const }, 'fox' as const, 'Your move (fox)'],
  ])('%s', (_, table, role, text) => {
    expect(statusText(t, table, role)).toBe(text);
  });

  // While the page cannot hear the table, whose move it is may be stale and no move can be sent; a result stands.
  it.each([
    ['the viewer to move', TABLE, 'geese' as const, 'Out of step with the game: reconnecting…'],
    ['a spectator', TABLE, 'spectator' as const, 'Out of step with the game: reconnecting…'],
    [
      'a free seat',
      { ...TABLE, status: 'waiting' as const },
      'fox' as const,
      'Out of step with the game: reconnecting…',
    ],
    [
      'a result',
      { ...TABLE, status: 'finished' as const, result: { winner: 'geese' as const, reason: 'resignation' as const } },
      'fox' as const,
      'The geese win: the fox resigned',
    ],
  ])('out of step: %s', (_, table, role, text) => {
    expect(statusText(t, table, role, false)).toBe(text);
  });
});
