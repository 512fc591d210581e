import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import { resultText } from './result-text';

describe('resultText', () => {
  const t = i18next.t.bind(i18next);
  it.each([
    ['a resignation', { winner: 'geese' as const, reason: 'resignation' as const }, 'The geese win: the fox resigned'],
    [
      'a trapped fox',
      { winner: 'geese' as const, reason: 'fox-trapped' as const },
      'The geese win: the fox cannot move',
    ],
    [
      'a draw',
      { winner: null, reason: 'threefold-repetition' as const },
      'Draw: the same position came up a third time',
    ],
    ['an aborted game', { winner: null, reason: 'aborted' as const }, 'Game aborted'],
  ])('%s', (_, result, text) => {
    expect(resultText(t, result)).toBe(text);
  });
});
