import { getVariant } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { analysisPath, positionText, readAddress, withLine, withoutLine } from './analysis-url';

describe('the analysis address', () => {
  it('round-trips options, a position and moves', () => {
    const variant = getVariant('standard', { geese: 15 });
    if (!variant.ok) throw new Error();
    const path = analysisPath(variant.value, { moves: ['d4-d5'], table: 'V1StGXR8_Z' });
    expect(path).toBe('/analysis/standard?geese=15&sideways=false&moves=d4-d5&table=V1StGXR8_Z');
    const read = readAddress('standard', path.split('?')[1]!);
    if ('error' in read) throw new Error(read.error);
    expect(read.variant.options).toEqual({ geese: 15, sideways: false });
    expect(read.table).toBe('V1StGXR8_Z');
  });

  it('sets up a position by text, and keeps the legal moves only', () => {
    const read = readAddress('standard', '?position=fox:d4 geese:d5,a3,g3,c1 turn:fox&moves=d4xd6,a1-a2');
    if ('error' in read) throw new Error(read.error);
    expect(read.moves).toEqual(['d4xd6']);
    expect(positionText(read.start)).toMatch(/^fox:d4 geese:c1,a3,g3,d5 turn:fox/);
  });

  it.each([
    ['nine-foxes', '', /unknown variant/],
    ['standard', '?geese=12', /bad geese/],
    ['standard', '?position=fox:z9', /./],
  ])('%s %s: an error', (variant, search, message) => {
    const read = readAddress(variant, search);
    expect('error' in read && read.error).toMatch(message);
  });

  it.each([
    ['no line: the game opens at its end', 'moves=d4-d5', null],
    ['the line legal as far as it goes', 'moves=d4-d5&line=d4-c4,a3-a4,zz', ['d4-c4', 'a3-a4']],
    ['an empty line: the start', 'moves=d4-d5&line=', []],
  ])('reads the shown line: %s', (_name, search, line) => {
    const read = readAddress('standard', search);
    if ('error' in read) throw new Error(read.error);
    expect([read.moves, read.line]).toEqual([['d4-d5'], line]);
  });

  it.each([
    ['a variation', 'moves=d4-d5&table=t1', ['d4-c4'], 'moves=d4-d5&table=t1&line=d4-c4'],
    ['the game itself, so no line', 'moves=d4-d5&line=d4-c4', ['d4-d5'], 'moves=d4-d5'],
    ['the start', 'moves=d4-d5', [], 'moves=d4-d5&line='],
  ])('writes the shown line: %s', (_name, search, line, written) => {
    expect(withLine(search, line, ['d4-d5'])).toBe(written);
  });

  it('names one analysis without its line', () => {
    expect(withoutLine('geese=13&moves=d4-d5&line=d4-c4')).toBe('geese=13&moves=d4-d5');
  });
});
