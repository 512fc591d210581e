// The rule of judgement on its facts: each grade from each ground, the thresholds' edges, and the cap on a kept win.
import { describe, expect, it } from 'vitest';

import { judgeMove, type MoveFacts } from './judgement';

const facts = (over: Partial<MoveFacts>): MoveFacts => ({
  before: null,
  after: null,
  exact: false,
  replies: null,
  scores: null,
  ...over,
});

describe('judgeMove', () => {
  it.each<[string, Partial<MoveFacts>, ReturnType<typeof judgeMove>]>([
    [
      'a win thrown away to a loss',
      { before: 'win', after: 'loss', exact: true },
      { grade: 'decisive', ground: 'value' },
    ],
    [
      'a win thrown away to a draw',
      { before: 'win', after: 'draw', exact: true },
      { grade: 'decisive', ground: 'value' },
    ],
    ['a draw thrown away', { before: 'draw', after: 'loss', exact: true }, { grade: 'decisive', ground: 'value' }],
    ['an engine-proven win thrown away', { before: 'win', after: 'loss' }, { grade: 'decisive', ground: 'value' }],
    ['a kept win, nothing else known', { before: 'win', after: 'win', exact: true }, { grade: null, ground: null }],
    [
      'a lost side leaving half the replies more',
      { before: 'loss', after: 'loss', exact: true, replies: { played: 0.75, best: 0.25 } },
      { grade: 'mistake', ground: 'replies' },
    ],
    [
      'a lost side leaving a quarter more',
      { before: 'loss', after: 'loss', exact: true, replies: { played: 0.5, best: 0.25 } },
      { grade: 'inaccuracy', ground: 'replies' },
    ],
    [
      'a lost side a little worse than its best',
      { before: 'loss', after: 'loss', exact: true, replies: { played: 0.4, best: 0.25 } },
      { grade: null, ground: null },
    ],
    [
      'a lost side losing a goose by the engine',
      {
        before: 'loss',
        after: 'loss',
        exact: true,
        replies: { played: 1, best: 1 },
        scores: { before: -5, after: -6 },
      },
      { grade: 'mistake', ground: 'engine' },
    ],
    [
      'a lost side losing half a goose',
      { before: 'loss', after: 'loss', exact: true, scores: { before: -5, after: -5.5 } },
      { grade: 'inaccuracy', ground: 'engine' },
    ],
    [
      'the worse of the two grounds',
      {
        before: 'loss',
        after: 'loss',
        exact: true,
        replies: { played: 1, best: 0.5 },
        scores: { before: -5, after: -5.6 },
      },
      { grade: 'mistake', ground: 'replies' },
    ],
    [
      'a kept win that the engine thinks cost two geese: at most an inaccuracy',
      { before: 'win', after: 'win', exact: true, scores: { before: 6, after: 4 } },
      { grade: 'inaccuracy', ground: 'engine' },
    ],
    [
      'a kept win that the engine thinks cost under a goose: nothing',
      { before: 'win', after: 'win', exact: true, scores: { before: 6, after: 5.2 } },
      { grade: null, ground: null },
    ],
    [
      'unsolved: the engine score falls by a goose',
      { scores: { before: 0.4, after: -0.6 } },
      { grade: 'mistake', ground: 'engine' },
    ],
    [
      'unsolved: a fall just under half a goose',
      { scores: { before: 0.4, after: -0.09 } },
      { grade: null, ground: null },
    ],
    ['a proof counts as 20 geese, not 100', { scores: { before: 19.5, after: 100 } }, { grade: null, ground: null }],
    [
      'a proven loss found after a bad lead',
      { scores: { before: -12, after: -100 } },
      { grade: 'mistake', ground: 'engine' },
    ],
    [
      'the replies of a side not lost are not read',
      { before: 'win', after: 'win', exact: true, replies: { played: 1, best: 0 } },
      { grade: null, ground: null },
    ],
  ])('%s', (_what, given, expected) => {
    expect(judgeMove(facts(given))).toEqual(expected);
  });
});
