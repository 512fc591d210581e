import { describe, expect, it } from 'vitest';

import { makePosition, parsePosition, positionKey, startPosition } from './position.js';
import { getVariant, type Variant, VARIANT_INFOS } from './variants.js';

const variant = (id: string, options: Record<string, unknown> = {}): Variant => {
  const v = getVariant(id, options);
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
};

describe('position text', () => {
  it.each([
    ['standard', {}, 'fox:d4 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:fox quiet:0'],
    ['standard', { geese: 15 }, 'fox:d4 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4 turn:fox quiet:0'],
    ['standard', { geese: 17 }, 'fox:d4 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,f4,g4 turn:fox quiet:0'],
    ['two-foxes', {}, 'fox:c7,e7 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4 turn:fox quiet:0'],
    ['big-cross', {}, 'fox:e7 geese:d1,e1,f1,d2,e2,f2,d3,e3,f3,a4,b4,c4,d4,e4,f4,g4,h4,i4 turn:fox quiet:0'],
    ['raevskak', {}, 'fox:d4 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:geese quiet:0'],
    ['raevskak', { geese: 17 }, 'fox:d4 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,f4,g4 turn:fox quiet:0'],
  ])('prints the start of %s %j', (id, options, text) => {
    const v = variant(id, options);
    expect(makePosition(v.board, startPosition(v))).toBe(text);
  });

  it.each([
    ['fox:d4 geese:g3,a3,c1 turn:geese quiet:7', 'fox:d4 geese:c1,a3,g3 turn:geese quiet:7'],
    ['turn:fox geese:e1,c1 fox:c7', 'fox:c7 geese:c1,e1 turn:fox quiet:0'],
    ['fox:d4 geese: turn:fox', 'fox:d4 geese: turn:fox quiet:0'],
    ['  fox:D4   geese:C1  turn:fox ', 'fox:d4 geese:c1 turn:fox quiet:0'],
  ])('reads "%s" in any order and prints it in order', (text, printed) => {
    const v = variant('standard');
    const parsed = parsePosition(v, text);
    expect(parsed.ok && makePosition(v.board, parsed.value)).toBe(printed);
  });

  it('round-trips every start position', () => {
    for (const info of VARIANT_INFOS) {
      const v = variant(info.id);
      const text = makePosition(v.board, startPosition(v));
      const parsed = parsePosition(v, text);
      expect(parsed.ok && makePosition(v.board, parsed.value)).toBe(text);
    }
  });

  it.each([
    ['standard', 'fox:d4 geese:c1,4d turn:fox', 'unknown point "4d" in geese; expected a point like d4'],
    ['standard', 'fox:d4 geese:c1,z9 turn:fox', 'point z9 is off the cross33 board'],
    ['standard', 'fox:d4 geese:c1,c1 turn:fox', 'point c1 is repeated in geese'],
    ['standard', 'fox:d4 geese:a1 turn:fox', 'point a1 is off the cross33 board'],
    ['big-cross', 'fox:e7 geese:a3 turn:fox', 'point a3 is off the cross45 board'],
    ['standard', 'fox:d4 geese:d4 turn:fox', 'two pieces on d4: a fox and a goose'],
    ['standard', 'fox:d4,d5 geese:c1 turn:fox', 'wrong number of foxes: 2; standard has 1'],
    ['two-foxes', 'fox:d4 geese:c1 turn:fox', 'wrong number of foxes: 1; two-foxes has 2'],
    ['standard', 'fox: geese:c1 turn:fox', 'wrong number of foxes: 0; standard has 1'],
    [
      'standard',
      'fox:d4 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4 turn:fox',
      'too many geese: 14; standard starts with 13',
    ],
    ['standard', 'fox:d4 geese:c1 turn:goose', 'bad turn "goose"; expected fox | geese'],
    ['standard', 'fox:d4 geese:c1 turn:fox quiet:-1', 'bad quiet "-1"; expected a whole number'],
    ['standard', 'fox:d4 geese:c1', 'missing field turn:'],
    [
      'standard',
      'fox:d4 geese:c1 turn:fox colour:red',
      'unknown field "colour:red"; expected fox: geese: turn: quiet:',
    ],
    ['standard', 'fox:d4 fox:d5 geese:c1 turn:fox', 'field fox: is given twice'],
    ['standard', '', 'empty position text; expected fox:... geese:... turn:...'],
  ])('%s rejects "%s"', (id, text, message) => {
    const parsed = parsePosition(variant(id), text);
    expect(parsed.ok ? null : parsed.error).toEqual({ code: 'bad-position', message });
  });
});

describe('variants', () => {
  it('describes every variant and its options', () => {
    expect(VARIANT_INFOS.map((v) => [v.id, v.name, v.board, v.defaultOptions])).toEqual([
      ['standard', 'Fox and Geese', 'cross33', { geese: 13, sideways: false }],
      ['two-foxes', 'Two Foxes (Halatafl)', 'cross33', {}],
      ['big-cross', 'Big Cross (Gåsetavl)', 'cross45', {}],
      ['raevskak', 'Rævskak (Norwegian)', 'cross33', { geese: 13 }],
    ]);
  });

  it.each([
    [
      'foxes-9',
      {},
      'unknown-variant',
      'unknown variant "foxes-9"; expected standard | two-foxes | big-cross | raevskak',
    ],
    ['standard', { geese: 14 }, 'bad-option', 'bad geese 14 for standard; expected 13 | 15 | 17'],
    ['standard', { sideways: 'yes' }, 'bad-option', 'bad sideways "yes" for standard; expected false | true'],
    ['two-foxes', { geese: 13 }, 'bad-option', 'unknown option "geese" for two-foxes; it takes none'],
    ['raevskak', { sideways: true }, 'bad-option', 'unknown option "sideways" for raevskak; expected geese'],
  ])('rejects %s %j', (id, options, code, message) => {
    const v = getVariant(id, options);
    expect(v.ok ? null : v.error).toEqual({ code, message });
  });

  it.each([
    ['raevskak', { geese: 13 }, 'geese', 'optional', ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']],
    ['raevskak', { geese: 15 }, 'fox', 'mandatory', ['N', 'NE', 'NW', 'E', 'W']],
    ['standard', { sideways: true }, 'fox', 'optional', ['N', 'NE', 'NW', 'E', 'W']],
    ['standard', {}, 'fox', 'optional', ['N', 'NE', 'NW']],
  ])('%s %j: %s first, %s capture, geese move %j', (id, options, first, capture, directions) => {
    const v = variant(id, options);
    expect([v.firstSide, v.capture, v.gooseDirections]).toEqual([first, capture, directions]);
  });
});

describe('positionKey', () => {
  const standard = variant('standard');
  const key = (text: string): string => {
    const parsed = parsePosition(standard, text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return positionKey(parsed.value);
  };

  it('packs the side and four cells to a character: 10 characters for 33 points', () => {
    expect(key('fox:d4 geese:c1 turn:fox quiet:0')).toHaveLength(10);
    expect(key('fox:d4 geese:c1 turn:fox quiet:0')[0]).toBe('f');
    expect(key('fox:d4 geese:c1 turn:geese quiet:0')[0]).toBe('g');
  });

  it.each([
    ['fox:d4 geese:c1 turn:fox quiet:0', 'fox:d4 geese:c1 turn:fox quiet:9', true], // the quiet count is no part of it
    ['fox:d4 geese:c1 turn:fox quiet:0', 'fox:d4 geese:c1 turn:geese quiet:0', false],
    ['fox:d4 geese:c1 turn:fox quiet:0', 'fox:d4 geese:d1 turn:fox quiet:0', false],
    ['fox:d4 geese:c1 turn:fox quiet:0', 'fox:c1 geese:d4 turn:fox quiet:0', false], // a fox and a goose swapped
    ['fox:d4 geese:c1,e1 turn:fox quiet:0', 'fox:d4 geese:e1,c1 turn:fox quiet:0', true],
    ['fox:g5 geese: turn:fox quiet:0', 'fox:g4 geese: turn:fox quiet:0', false], // the last cells, past a whole four
  ])('%s and %s: same key %s', (a, b, same) => {
    expect(key(a) === key(b)).toBe(same);
  });
});
