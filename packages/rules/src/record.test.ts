import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { replayCommand } from './command.js';
import { moveTexts, newGame, playPath } from './game.js';
import { readRecord, type RecordProblem, writeRecord } from './record.js';
import { VARIANT_SETUPS } from './testing.js';
import { getVariant, type Variant } from './variants.js';

const variant = (id: string, options: Record<string, unknown> = {}): Variant => {
  const resolved = getVariant(id, options);
  if (!resolved.ok) throw new Error(resolved.error.message);
  return resolved.value;
};

const STANDARD = variant('standard');

describe('writeRecord', () => {
  it('writes the tags, the numbered moves and the result word, as docs/rules.md section 9 shows', () => {
    const text = writeRecord({
      variant: STANDARD,
      moves: ['d4-d5', 'd3-d4', 'd5xd3'],
      result: { winner: 'fox', reason: 'resignation' },
      site: 'http://localhost:3000/t/V1StGXR8_Z',
      date: new Date(Date.UTC(2026, 10, 30, 23, 59)),
      clock: { initial: 300, increment: 3 },
    });
    expect(text).toBe(
      [
        '[Game "Fox and Geese"]',
        '[Variant "standard"]',
        '[Options "geese=13 sideways=false"]',
        '[Site "http://localhost:3000/t/V1StGXR8_Z"]',
        '[Date "2026.11.30"]',
        '[Clock "300+3"]',
        '[Result "fox"]',
        '[Termination "resignation"]',
        '',
        '1. d4-d5 d3-d4 2. d5xd3',
        'fox',
        '',
      ].join('\n'),
    );
  });

  it('writes a running game with * and no Termination, an empty Options for a variant without options', () => {
    expect(writeRecord({ variant: variant('two-foxes'), moves: [], result: null })).toBe(
      ['[Game "Two Foxes (Halatafl)"]', '[Variant "two-foxes"]', '[Options ""]', '[Result "*"]', '', '*', ''].join(
        '\n',
      ),
    );
  });

  it('keeps every line within 80 characters and a move number beside its move', () => {
    const moves = Array.from({ length: 60 }, (_, i) => (i % 2 ? 'c3xc5xe5xe7' : 'd4xd6xf6xf4'));
    const lines = writeRecord({ variant: STANDARD, moves, result: null }).split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(lines.some((l) => / \d+\.$/.test(l))).toBe(false);
  });
});

describe('readRecord', () => {
  it('reads any whitespace, optional and attached move numbers, and ignores unknown tags', () => {
    const read = readRecord(
      '[Variant "raevskak"]\r\n[Options "geese=13"]\n[Event "club night"]\n\n d3-d2\n\n2.d4-d5   c3-c4 draw\n',
    );
    expect(read.ok && { moves: read.value.moves, result: read.value.result, event: read.value.tags.Event }).toEqual({
      moves: ['d3-d2', 'd4-d5', 'c3-c4'],
      result: 'draw',
      event: 'club night',
    });
  });

  it('reads quotes and backslashes escaped in a tag', () => {
    const read = readRecord('[Variant "big-cross"]\n[Options ""]\n[Site "a \\"b\\" \\\\ c"]\n\n*');
    expect(read.ok && read.value.tags.Site).toBe('a "b" \\ c');
  });

  // Each case: its own problem code and data (the web words them), and the English message the CLI prints.
  const BIG = '[Variant "big-cross"]\n[Options ""]\n';
  const STD = '[Variant "standard"]\n';
  it.each<[string, string, RecordProblem, string]>([
    [
      'no Variant tag',
      '[Options ""]\n\n*',
      { code: 'no-variant-tag' },
      'missing the Variant tag; expected [Variant "standard"] or another variant',
    ],
    [
      'no Options tag',
      `${STD}\n*`,
      { code: 'no-options-tag' },
      'missing the Options tag; expected [Options "name=value ..."]',
    ],
    [
      'an unknown variant',
      '[Variant "foxes-9"]\n[Options ""]\n\n*',
      { code: 'unknown-variant', variant: 'foxes-9', expected: ['standard', 'two-foxes', 'big-cross', 'raevskak'] },
      'unknown variant "foxes-9"; expected standard | two-foxes | big-cross | raevskak',
    ],
    [
      'a bad option value',
      `${STD}[Options "geese=14 sideways=false"]\n\n*`,
      { code: 'bad-option-value', variant: 'standard', name: 'geese', value: 14, expected: [13, 15, 17] },
      'bad geese 14 for standard; expected 13 | 15 | 17',
    ],
    [
      'an unknown option',
      `${STD}[Options "geese=13 tempo=3"]\n\n*`,
      { code: 'unknown-option', variant: 'standard', name: 'tempo' },
      'unknown option "tempo" for standard; expected geese | sideways',
    ],
    [
      'an option left out',
      `${STD}[Options "geese=13"]\n\n*`,
      { code: 'missing-options', variant: 'standard', names: ['sideways'] },
      'the Options tag lacks sideways; a record gives every option of standard',
    ],
    [
      'a pair without =',
      `${STD}[Options "geese"]\n\n*`,
      { code: 'bad-option-pair', pair: 'geese' },
      'bad option "geese" in the Options tag; expected name=value, as in geese=13',
    ],
    [
      'a broken tag on line 4',
      `${BIG}[Site "x"]\n[Variant standard]\n\n*`,
      { code: 'bad-tag', line: 4, text: '[Variant standard]' },
      'line 4: bad tag [Variant standard]; expected [Name "value"]',
    ],
    [
      'no result word',
      `${BIG}\n1. d5-d4`,
      { code: 'no-result', found: 'd5-d4' },
      'the moves must end with the result: fox | geese | draw | *; found d5-d4',
    ],
    [
      'no moves and no result',
      `${BIG}\n`,
      { code: 'no-result', found: null },
      'the moves must end with the result: fox | geese | draw | *; found nothing',
    ],
    [
      'a word that is no move, at ply 2',
      `${BIG}\n1. d5-d4 hello *`,
      { code: 'not-move-text', ply: 2, text: 'hello' },
      '"hello" is not move text; expected moves like d4-d5 or d4xd6xf6',
    ],
    [
      'a Result tag that disagrees',
      `${BIG}[Result "fox"]\n\ngeese`,
      { code: 'result-disagrees', tag: 'fox', last: 'geese' },
      'the Result tag says fox but the moves end with geese',
    ],
  ])('refuses %s', (_name, text, problem, message) => {
    expect(readRecord(text)).toEqual({ ok: false, error: { code: 'bad-record', message, problem } });
  });
});

describe('replayCommand', () => {
  it.each([
    [
      'a good record',
      '[Variant "standard"]\n[Options "geese=13 sideways=false"]\n\n1. d4-d5 *',
      {
        status: 0,
        lines: ['position: fox:d5 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:geese quiet:1', 'result: none'],
      },
    ],
    [
      'moves in capitals and a tag whose name has a dash, as play reads them',
      '[Variant "standard"]\n[Options "geese=13 sideways=false"]\n[Time-Control "300+3"]\n\n1. D4-D5 *',
      {
        status: 0,
        lines: ['position: fox:d5 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:geese quiet:1', 'result: none'],
      },
    ],
    [
      'an illegal move',
      '[Variant "standard"]\n[Options "geese=13 sideways=false"]\n\n1. d4-d5 c3-c5 *',
      { status: 1, lines: [], error: expect.stringContaining('move 2') as unknown },
    ],
    [
      'a malformed record',
      '1. d4-d5 *',
      {
        status: 2,
        lines: [],
        error: 'bad record: missing the Variant tag; expected [Variant "standard"] or another variant',
      },
    ],
  ])('answers %s', (_name, text, output) => {
    expect(replayCommand(text)).toEqual(output);
  });
});

describe('write then read', () => {
  it.each(VARIANT_SETUPS)('gives back the moves and replays to the same game: %s %o', (id, options) => {
    const v = variant(id, options);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 120 }), (choices) => {
        let game = newGame(v);
        for (const choice of choices) {
          if (game.result) break;
          const next = playPath(game, game.legal[choice % game.legal.length]!);
          if (!next.ok) throw new Error(next.error.message);
          game = next.value;
        }
        const moves = moveTexts(game);
        const text = writeRecord({ variant: v, moves, result: game.result });
        const read = readRecord(text);
        expect(read.ok && { moves: read.value.moves, variant: read.value.variant }).toEqual({ moves, variant: v });
        expect(replayCommand(text).lines[1]).toBe(
          `result: ${game.result ? `${game.result.winner ?? 'draw'} ${game.result.reason}` : 'none'}`,
        );
      }),
      { numRuns: 40 },
    );
  });
});
