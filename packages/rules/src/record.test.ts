import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { replayCommand } from './command.js';
import { moveTexts, newGame, playPath } from './game.js';
import { readRecord, writeRecord } from './record.js';
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

  it.each([
    ['no Variant tag', '[Options ""]\n\n*', 'missing the Variant tag'],
    ['no Options tag', '[Variant "standard"]\n\n*', 'missing the Options tag'],
    ['an unknown variant', '[Variant "foxes-9"]\n[Options ""]\n\n*', 'unknown variant "foxes-9"'],
    ['a bad option value', '[Variant "standard"]\n[Options "geese=14 sideways=false"]\n\n*', 'bad geese 14'],
    ['an option left out', '[Variant "standard"]\n[Options "geese=13"]\n\n*', 'lacks sideways'],
    ['a pair without =', '[Variant "standard"]\n[Options "geese"]\n\n*', 'bad option "geese"'],
    ['a broken tag', '[Variant standard]\n\n*', 'bad tag'],
    ['no result word', '[Variant "big-cross"]\n[Options ""]\n\n1. d5-d4', 'must end with the result'],
    ['a word that is no move', '[Variant "big-cross"]\n[Options ""]\n\n1. d5-d4 hello *', '"hello" is not move text'],
    [
      'a Result tag that disagrees',
      '[Variant "big-cross"]\n[Options ""]\n[Result "fox"]\n\ngeese',
      'Result tag says fox',
    ],
  ])('refuses %s', (_name, text, message) => {
    const read = readRecord(text);
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.error.code).toBe('bad-record');
      expect(read.error.message).toContain(message);
    }
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
