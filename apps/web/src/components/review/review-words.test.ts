import type { Side } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { fourLanguages } from '../../i18n/four-languages';
import type { ReviewedMove } from '../../lib/game-review';
import { markSentence } from './review-words';
import type { GameReview } from './use-game-review';

const i18n = fourLanguages();

type Kind = 'decisive' | 'replies' | 'engineLost';
/** A marked move of `kind` by `mover` (ply 0), with `better` moves or none. */
function marked(kind: Kind, mover: Side, better: readonly string[]): ReviewedMove {
  return {
    ply: 0,
    move: 'd4-d5',
    mover,
    before: kind === 'decisive' ? 'win' : 'loss',
    after: 'loss',
    judgement: {
      grade: kind === 'decisive' ? 'decisive' : 'mistake',
      ground: kind === 'engineLost' ? 'engine' : kind === 'replies' ? 'replies' : 'value',
    },
    better,
  };
}
/** The review around the move: the solution's counts (3 of 7 replies keep the win) and a fall of 2 geese. */
function review(kind: Kind, mover: Side): Pick<GameReview, 'source' | 'outcomes' | 'evaluations'> {
  const foxScore = mover === 'fox' ? [1, -1] : [-1, 1];
  return {
    source: kind === 'engineLost' ? 'engine' : 'solution',
    outcomes: { plies: [{ winner: null, moves: [{ move: 'd4-d5', winner: null, keep: 3, replies: 7 }] }] },
    evaluations: foxScore.map((s) => ({ foxScore: s, winner: null })),
  };
}
const say = (language: string, variant: string, kind: Kind, mover: Side, better: readonly string[]): string | null =>
  markSentence(i18n.getFixedT(language), marked(kind, mover, better), review(kind, mover), variant);

// Each Two Foxes sentence: its kind, mover, better moves, then the sentence in en, ru, pl and hu.
const FOXES: [Kind, Side, readonly string[], [string, string, string, string]][] = [
  [
    'decisive',
    'fox',
    [],
    [
      'd4-d5 lets the geese trap the foxes.',
      'd4-d5 позволяет гусям запереть лис.',
      'd4-d5 pozwala gęsiom osaczyć lisy.',
      'd4-d5 után a libák bezárhatják a rókákat.',
    ],
  ],
  [
    'decisive',
    'fox',
    ['d4-c4'],
    [
      'd4-d5 lets the geese trap the foxes; d4-c4 kept the win.',
      'd4-d5 позволяет гусям запереть лис; d4-c4 сохранял выигрыш.',
      'd4-d5 pozwala gęsiom osaczyć lisy; d4-c4 zachowywał wygraną.',
      'd4-d5 után a libák bezárhatják a rókákat; d4-c4 megtartotta volna a nyerést.',
    ],
  ],
  [
    'decisive',
    'geese',
    [],
    [
      'd4-d5 lets the foxes win: the geese can no longer stop them.',
      'd4-d5 отдаёт победу лисам: гуси больше не могут их остановить.',
      'd4-d5 oddaje wygraną lisom: gęsi nie mogą ich już zatrzymać.',
      'd4-d5 a rókáknak adja a győzelmet: a libák már nem tudják megállítani őket.',
    ],
  ],
  [
    'decisive',
    'geese',
    ['d4-c4'],
    [
      'd4-d5 lets the foxes win: the geese can no longer stop them; d4-c4 kept the win.',
      'd4-d5 отдаёт победу лисам: гуси больше не могут их остановить; d4-c4 сохранял выигрыш.',
      'd4-d5 oddaje wygraną lisom: gęsi nie mogą ich już zatrzymać; d4-c4 zachowywał wygraną.',
      'd4-d5 a rókáknak adja a győzelmet: a libák már nem tudják megállítani őket; d4-c4 megtartotta volna a nyerést.',
    ],
  ],
  [
    'replies',
    'fox',
    ['d4-c4'],
    [
      'The foxes were lost whatever they played, but d4-d5 leaves the geese 3 winning replies of 7; d4-c4 left the fewest.',
      'Лисы проигрывали при любом ходе, но после d4-d5 у гусей 3 выигрывающих ответов из 7; меньше всего их оставлял d4-c4.',
      'Lisy przegrywały bez względu na ruch, ale po d4-d5 gęsi mają 3 wygrywających odpowiedzi z 7; najmniej zostawiał d4-c4.',
      'A rókák bármit léptek, vesztettek, de d4-d5 után a libáknak 7 válaszból 3 nyerő; a legkevesebbet d4-c4 hagyta.',
    ],
  ],
  [
    'replies',
    'geese',
    ['d4-c4'],
    [
      'The geese were lost whatever they played, but d4-d5 leaves the foxes 3 winning replies of 7; d4-c4 left the fewest.',
      'Гуси проигрывали при любом ходе, но после d4-d5 у лис 3 выигрывающих ответов из 7; меньше всего их оставлял d4-c4.',
      'Gęsi przegrywały bez względu na ruch, ale po d4-d5 lisy mają 3 wygrywających odpowiedzi z 7; najmniej zostawiał d4-c4.',
      'A libák bármit léptek, vesztettek, de d4-d5 után a rókáknak 7 válaszból 3 nyerő; a legkevesebbet d4-c4 hagyta.',
    ],
  ],
  [
    'engineLost',
    'fox',
    [],
    [
      "The foxes were lost whatever they played; d4-d5 made the geese's task easier (2 geese by the engine's count).",
      'Лисы проигрывали при любом ходе; d4-d5 облегчил задачу гусям (2 гуся по счёту движка).',
      'Lisy przegrywały bez względu na ruch; d4-d5 ułatwił zadanie gęsiom (2 gęsi według silnika).',
      'A rókák bármit léptek, vesztettek; d4-d5 megkönnyítette a libák dolgát (a motor szerint 2 liba).',
    ],
  ],
  [
    'engineLost',
    'fox',
    ['d4-c4'],
    [
      "The foxes were lost whatever they played; d4-d5 made the geese's task easier (2 geese by the engine's count); d4-c4 held out better.",
      'Лисы проигрывали при любом ходе; d4-d5 облегчил задачу гусям (2 гуся по счёту движка); d4-c4 держался дольше.',
      'Lisy przegrywały bez względu na ruch; d4-d5 ułatwił zadanie gęsiom (2 gęsi według silnika); d4-c4 bronił się lepiej.',
      'A rókák bármit léptek, vesztettek; d4-d5 megkönnyítette a libák dolgát (a motor szerint 2 liba); d4-c4 jobban tartotta magát.',
    ],
  ],
  [
    'engineLost',
    'geese',
    [],
    [
      "The geese were lost whatever they played; d4-d5 made the foxes' task easier (2 geese by the engine's count).",
      'Гуси проигрывали при любом ходе; d4-d5 облегчил задачу лисам (2 гуся по счёту движка).',
      'Gęsi przegrywały bez względu na ruch; d4-d5 ułatwił zadanie lisom (2 gęsi według silnika).',
      'A libák bármit léptek, vesztettek; d4-d5 megkönnyítette a rókák dolgát (a motor szerint 2 liba).',
    ],
  ],
  [
    'engineLost',
    'geese',
    ['d4-c4'],
    [
      "The geese were lost whatever they played; d4-d5 made the foxes' task easier (2 geese by the engine's count); d4-c4 held out better.",
      'Гуси проигрывали при любом ходе; d4-d5 облегчил задачу лисам (2 гуся по счёту движка); d4-c4 держался дольше.',
      'Gęsi przegrywały bez względu na ruch; d4-d5 ułatwił zadanie lisom (2 gęsi według silnika); d4-c4 bronił się lepiej.',
      'A libák bármit léptek, vesztettek; d4-d5 megkönnyítette a rókák dolgát (a motor szerint 2 liba); d4-c4 jobban tartotta magát.',
    ],
  ],
];
const LANGUAGES = ['en', 'ru', 'pl', 'hu'] as const;

describe('markSentence in Two Foxes', () => {
  it.each(FOXES)('names the foxes in the plural: %s by the %s, better %j', (kind, mover, better, sentences) => {
    expect(LANGUAGES.map((language) => say(language, 'two-foxes', kind, mover, better))).toEqual(sentences);
  });
});

describe('markSentence in one-fox variants', () => {
  // The same moves in the standard game keep the singular.
  const STANDARD: [Kind, Side, readonly string[], [string, string, string, string]][] = [
    [
      'decisive',
      'fox',
      ['d4-c4'],
      [
        'd4-d5 lets the geese trap the fox; d4-c4 kept the win.',
        'd4-d5 позволяет гусям запереть лису; d4-c4 сохранял выигрыш.',
        'd4-d5 pozwala gęsiom osaczyć lisa; d4-c4 zachowywał wygraną.',
        'd4-d5 után a libák bezárhatják a rókát; d4-c4 megtartotta volna a nyerést.',
      ],
    ],
    [
      'engineLost',
      'geese',
      [],
      [
        "The geese were lost whatever they played; d4-d5 made the fox's task easier (2 geese by the engine's count).",
        'Гуси проигрывали при любом ходе; d4-d5 облегчил задачу лисе (2 гуся по счёту движка).',
        'Gęsi przegrywały bez względu na ruch; d4-d5 ułatwił zadanie lisowi (2 gęsi według silnika).',
        'A libák bármit léptek, vesztettek; d4-d5 megkönnyítette a róka dolgát (a motor szerint 2 liba).',
      ],
    ],
  ];
  it.each(STANDARD)('keeps the singular fox: %s by the %s, better %j', (kind, mover, better, sentences) => {
    expect(LANGUAGES.map((language) => say(language, 'standard', kind, mover, better))).toEqual(sentences);
  });

  it('says a sentence that names no side the same in Two Foxes, with its better moves', () => {
    const move: ReviewedMove = { ...marked('decisive', 'fox', ['d4-c4']), after: 'draw' };
    const words = (variant: string) => markSentence(i18n.getFixedT('en'), move, review('decisive', 'fox'), variant);
    expect(words('two-foxes')).toBe('d4-d5 throws the win away: perfect play now draws; d4-c4 kept the win.');
    expect(words('standard')).toBe('d4-d5 throws the win away: perfect play now draws; d4-c4 kept the win.');
  });
});
