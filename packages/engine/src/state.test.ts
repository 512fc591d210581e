import { type Game, listMoves, MoveList, newGame, parsePosition, playMoveText, positionKey } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { searchStateOf } from './choose.js';
import { SearchState } from './state.js';
import { variantOf } from './testing.js';

/** Plays move texts from the variant's start; throws on an illegal one (tests only). */
function play(id: string, moves: string[], options: Record<string, unknown> = {}): Game {
  let game = newGame(variantOf(id, options));
  for (const m of moves) {
    const next = playMoveText(game, m);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return game;
}

const key = (s: SearchState): [number, number] => [s.lo, s.hi];

describe('Zobrist keys', () => {
  it.each([
    ['standard', ['d4-d5', 'a3-a4', 'd5-d6', 'c3-c4'], ['d4-d5', 'c3-c4', 'd5-d6', 'a3-a4']],
    ['standard', ['d4-c5', 'g3-g4', 'c5-d5'], ['d4-e5', 'g3-g4', 'e5-d5']],
    ['two-foxes', ['c7-c6', 'a4-a5', 'e7-e6'], ['e7-e6', 'a4-a5', 'c7-c6']],
    ['big-cross', ['e7-e8', 'a4-a5', 'e8-e7', 'i4-i5'], ['e7-d7', 'i4-i5', 'd7-e7', 'a4-a5']],
    ['raevskak', ['a3-a4', 'd4-d5', 'g3-g4'], ['g3-g4', 'd4-d5', 'a3-a4']],
  ])('%s: the same position reached two ways has the same key', (id, one, two) => {
    const a = play(id, one);
    const b = play(id, two);
    expect(positionKey(a.position)).toBe(positionKey(b.position));
    expect(key(searchStateOf(a))).toEqual(key(searchStateOf(b)));
    // The key made move by move equals the key of the position built from scratch.
    expect(key(searchStateOf(a))).toEqual(key(new SearchState(a.variant, a.position)));
  });

  it('differs with the side to move and with a piece moved', () => {
    const v = variantOf('standard');
    const at = (text: string): [number, number] => {
      const p = parsePosition(v, text);
      if (!p.ok) throw new Error(p.error.message);
      return key(new SearchState(v, p.value));
    };
    const base = at('fox:d4 geese:a3,b3,c3 turn:fox');
    expect(at('fox:d4 geese:a3,b3,c3 turn:geese')).not.toEqual(base);
    expect(at('fox:d5 geese:a3,b3,c3 turn:fox')).not.toEqual(base);
    expect(at('fox:d4 geese:a3,b3,c4 turn:fox')).not.toEqual(base);
  });
});

describe('make and unmake', () => {
  it.each([
    ['standard', 'fox:d4 geese:d5,d7,b5,c3,e3 turn:fox'],
    ['two-foxes', 'fox:d4,a5 geese:c1,d1,e1,c2,d2,e2,c4,e4,d5,e5 turn:fox'],
    ['raevskak', 'fox:c3 geese:c2,d2,g3,g4,g5,f5,e5 turn:fox'],
  ])('%s "%s": every move is undone exactly, chains included', (id, text) => {
    const v = variantOf(id);
    const p = parsePosition(v, text);
    if (!p.ok) throw new Error(p.error.message);
    const s = new SearchState(v, p.value);
    const before = [Array.from(s.cells), Array.from(s.foxes), s.geese, s.quiet, s.lo, s.hi, s.foxTurn];
    const list = new MoveList();
    listMoves(s.tables, s.cells, s.foxTurn, list);
    expect(list.count).toBeGreaterThan(2);
    for (let i = 0; i < list.count; i++) {
      s.make(list, i);
      s.unmake();
      expect([Array.from(s.cells), Array.from(s.foxes), s.geese, s.quiet, s.lo, s.hi, s.foxTurn]).toEqual(before);
    }
  });
});

describe('repetition as the rules count it', () => {
  it('counts the third occurrence of a position, the start included', () => {
    const game = play('raevskak', ['a3-a4', 'd4-d5', 'a4-a3', 'd5-d4', 'a3-a4', 'd4-d5', 'a4-a3', 'd5-d4']);
    expect(game.result).toEqual({ winner: null, reason: 'threefold-repetition' });
    expect(searchStateOf(game).occurrences()).toBe(3);
    const once = play('raevskak', ['a3-a4', 'd4-d5', 'a4-a3', 'd5-d4']);
    expect(searchStateOf(once).occurrences()).toBe(2);
  });

  it('does not look back past a forward goose move where geese cannot step back', () => {
    const game = play('standard', ['d4-d5', 'a3-a4', 'd5-d4', 'g3-g4', 'd4-d5', 'b3-b4']);
    expect(searchStateOf(game).occurrences()).toBe(1);
  });
});
