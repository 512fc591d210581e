import { describe, expect, it } from 'vitest';

import {
  type Game,
  makeRecord,
  moveTexts,
  newGame,
  occurrencesAfter,
  playMoveText,
  playPoints,
  replayRecord,
} from './game.js';
import { makeMoveText } from './notation.js';
import { makePosition, parsePosition } from './position.js';
import { getVariant } from './variants.js';

/** A game from position text, failing the test on bad input. */
function gameAt(id: string, options: Record<string, unknown>, text: string): Game {
  const v = getVariant(id, options);
  if (!v.ok) throw new Error(v.error.message);
  const position = parsePosition(v.value, text);
  if (!position.ok) throw new Error(position.error.message);
  return newGame(v.value, position.value);
}

/** The legal move texts of a game, sorted. */
const legal = (game: Game): string[] => game.legal.map((m) => makeMoveText(game.variant.board, m)).sort();

/** Plays move texts in order, failing the test on the first rejected one. */
function play(game: Game, ...texts: string[]): Game {
  for (const text of texts) {
    const next = playMoveText(game, text);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return game;
}

const position = (game: Game): string => makePosition(game.variant.board, game.position);

describe('hand-counted positions', () => {
  it('lists every prefix of two chains that return to their start (optional capture)', () => {
    // d4 jumps d5 to d6, e5 to f4, e4 back to d4; or the same geese the other way round.
    const game = gameAt('standard', {}, 'fox:d4 geese:d5,e5,e4,a3 turn:fox');
    expect(legal(game)).toEqual([
      'd4-c3',
      'd4-c4',
      'd4-c5',
      'd4-d3',
      'd4-e3',
      'd4xd6',
      'd4xd6xf4',
      'd4xd6xf4xd4',
      'd4xf4',
      'd4xf4xd6',
      'd4xf4xd6xd4',
    ]);
    const back = play(game, 'd4xd6xf4xd4');
    expect(position(back)).toBe('fox:d4 geese:a3 turn:geese quiet:0');
    expect(back.result).toEqual({ winner: 'fox', reason: 'geese-reduced' });
  });

  it('allows only maximal chains when capture is mandatory, by any route', () => {
    // Fox d4 can take c4 alone, or d5, e5, e4 in either order and then c4; a5 has no jump.
    const game = gameAt('two-foxes', {}, 'fox:d4,a5 geese:c1,d1,e1,c2,d2,e2,c4,e4,d5,e5 turn:fox');
    expect(legal(game)).toEqual(['d4xb4', 'd4xd6xf4xd4xb4', 'd4xf4xd6xd4xb4']);
    const prefix = playMoveText(game, 'd4xd6');
    expect(prefix.ok ? null : prefix.error).toEqual({
      code: 'illegal-move',
      message: 'd4xd6: the chain must go on while the fox can jump (capture is mandatory)',
    });
    const step = playMoveText(game, 'a5-a4');
    expect(step.ok ? null : step.error).toEqual({
      code: 'illegal-move',
      message: 'a5-a4: a capture is available, and capture is mandatory',
    });
  });

  it('lets either of two foxes jump, and no fox step then', () => {
    const game = gameAt('two-foxes', {}, 'fox:a5,g5 geese:c1,d1,e1,c2,d2,e2,g3,b5,f5 turn:fox');
    expect(legal(game)).toEqual(['a5xc5', 'g5xe5']);
    expect(play(game, 'g5xe5').result).toEqual({ winner: 'fox', reason: 'geese-reduced' });
  });

  it('ends in breakthrough only when the fox stops on rank 1 (raevskak)', () => {
    const game = gameAt('raevskak', {}, 'fox:c3 geese:c2,d2,g3,g4,g5,f5,e5 turn:fox');
    // c3xe1 jumps d2 and stops on rank 1 too; c3xc1xe3 passes c1 and goes on.
    expect(legal(game).filter((m) => m.includes('x'))).toEqual(['c3xc1', 'c3xc1xe3', 'c3xe1']);
    const through = play(game, 'c3xc1xe3');
    expect(position(through)).toBe('fox:e3 geese:g3,g4,e5,f5,g5 turn:geese quiet:0');
    expect(through.result).toBeNull();
    expect(play(game, 'c3xc1').result).toEqual({ winner: 'fox', reason: 'breakthrough' });
  });

  it('lets the geese win by filling the pen (two-foxes)', () => {
    const game = gameAt('two-foxes', {}, 'fox:a3,g3 geese:c4,d5,e5,c6,d6,e6,c7,d7,e7 turn:geese');
    expect(play(game, 'c4-c5').result).toEqual({ winner: 'geese', reason: 'pen-filled' });
  });

  it('lets the geese win when the fox has no move', () => {
    const game = gameAt('standard', {}, 'fox:c7 geese:c5,e5,c6,d6,e6,e7 turn:geese');
    const trapped = play(game, 'e6-d7');
    expect(trapped.result).toEqual({ winner: 'geese', reason: 'fox-trapped' });
    expect(trapped.legal).toEqual([]);
  });

  it('lets the fox win when the geese have no move', () => {
    const game = gameAt('standard', {}, 'fox:d4 geese:a5,g5,c7,d7,e7 turn:fox');
    expect(play(game, 'd4-d3').result).toEqual({ winner: 'fox', reason: 'geese-stalemated' });
  });

  it.each([
    ['standard', {}, 'fox:d4 geese:d5,a3,g3,c1 turn:fox', 'd4xd6', 'fox geese-reduced'],
    ['two-foxes', {}, 'fox:a5,g5 geese:c1,d1,e1,c2,d2,e2,g3,b5,f5 turn:fox', 'a5xc5', 'fox geese-reduced'],
    ['raevskak', {}, 'fox:d4 geese:d5,a3,g3,c1,e1 turn:fox', 'd4xd6', 'fox geese-reduced'],
    ['big-cross', {}, 'fox:e6 geese:e5,a4,i4,d1 turn:fox', 'e6xe4', 'fox geese-reduced'],
  ])('%s: fewer geese than the threshold after %s', (id, options, text, move, expected) => {
    const result = play(gameAt(id, options, text), move).result;
    expect(`${result?.winner} ${result?.reason}`).toBe(expected);
  });

  it('keeps playing at exactly the threshold', () => {
    const game = gameAt('raevskak', {}, 'fox:d4 geese:d5,a3,g3,c1,e1,e2 turn:fox');
    expect(play(game, 'd4xd6').result).toBeNull();
  });
});

describe('draws', () => {
  const shuffle = ['d6-d7', 'g3-f3', 'd7-d6', 'f3-g3'];

  it('draws on the third occurrence of a position, counting the start', () => {
    const game = gameAt('standard', { sideways: true }, 'fox:d6 geese:a3,b3,c3,g3 turn:fox');
    const almost = play(game, ...shuffle, ...shuffle.slice(0, 3));
    expect(almost.result).toBeNull();
    expect(
      occurrencesAfter(
        almost,
        almost.legal.find((m) => makeMoveText(almost.variant.board, m) === 'f3-g3')!,
      ),
    ).toBe(3);
    const drawn = play(almost, 'f3-g3');
    expect(drawn.result).toEqual({ winner: null, reason: 'threefold-repetition' });
    expect(position(drawn)).toBe('fox:d6 geese:a3,b3,c3,g3 turn:fox quiet:8');
  });

  it('rejects moves once the game has ended', () => {
    const drawn = play(
      gameAt('standard', { sideways: true }, 'fox:d6 geese:a3,b3,c3,g3 turn:fox'),
      ...shuffle,
      ...shuffle,
    );
    const next = playMoveText(drawn, 'd6-d7');
    expect(next.ok ? null : next.error).toEqual({
      code: 'game-over',
      message: 'd6-d7: the game is over (draw threefold-repetition)',
    });
  });

  it.each([
    ['standard', { sideways: true }, 'quiet:98', ['d6-d7', 'g3-f3'], 'draw fifty-move-rule', 100],
    ['standard', { sideways: true }, 'quiet:99', ['d6-d7'], 'draw fifty-move-rule', 100],
    ['standard', {}, 'quiet:98', ['d6-d7', 'g3-g4'], 'none', 0],
    ['standard', {}, 'quiet:98', ['d6-d7', 'g3-f4'], 'none', 0],
    ['raevskak', {}, 'quiet:98', ['d6-d7', 'c3-c2'], 'draw fifty-move-rule', 100],
    ['standard', { sideways: true }, 'quiet:97', ['d6-d7', 'g3-f3'], 'none', 99],
  ])('%s %j from %s after %j: %s (quiet %i)', (id, options, quiet, moves, expected, finalQuiet) => {
    const game = play(gameAt(id, options, `fox:d6 geese:a3,b3,c3,g3,a5 turn:fox ${quiet}`), ...moves);
    expect(game.result ? `${game.result.winner ?? 'draw'} ${game.result.reason}` : 'none').toBe(expected);
    expect(game.position.quiet).toBe(finalQuiet);
  });

  it('resets the quiet count on a capture', () => {
    const game = play(gameAt('standard', {}, 'fox:d4 geese:d5,a3,g3,c1,e1 turn:fox quiet:99'), 'd4xd6');
    expect([game.position.quiet, game.result]).toEqual([0, null]);
  });

  it('counts a backward goose move as quiet (raevskak)', () => {
    const game = play(
      gameAt('raevskak', {}, 'fox:d6 geese:a3,b3,c3,g3,a5 turn:geese quiet:5'),
      'g3-g4',
      'd6-d7',
      'g4-g3',
    );
    expect(game.position.quiet).toBe(2);
  });

  it('prefers repetition to the fifty-move rule when both hold', () => {
    const game = play(
      gameAt('standard', { sideways: true }, 'fox:d6 geese:a3,b3,c3,g3 turn:fox quiet:92'),
      ...shuffle,
      ...shuffle,
    );
    expect(game.result).toEqual({ winner: null, reason: 'threefold-repetition' });
  });
});

describe('playing and replaying', () => {
  it('takes paths of point names as the protocol sends them', () => {
    const v = getVariant('standard');
    if (!v.ok) throw new Error();
    const game = playPoints(newGame(v.value), ['d4', 'd5']);
    expect(game.ok && moveTexts(game.value)).toEqual(['d4-d5']);
    const bad = playPoints(newGame(v.value), ['d4', 'z9']);
    expect(bad.ok ? null : bad.error).toEqual({
      code: 'bad-move-text',
      message: '"z9" is not a point of the cross33 board',
    });
  });

  it.each([
    ['d4-d6', 'illegal-move', 'd4xd6: there is no goose on d5 to jump'],
    ['d4-d7', 'illegal-move', 'd4-d7: d7 is neither linked to d4 nor a jump away along a line'],
    ['c3-c4', 'illegal-move', "c3-c4: c3 holds a goose, and it is the fox side's turn"],
    ['d5-d6', 'illegal-move', 'd5-d6: there is no piece on d5'],
    ['d4xd5', 'bad-move-text', 'bad move text "d4xd5"; write d4-d5'],
    ['d4-d5-d6', 'bad-move-text', 'bad move text "d4-d5-d6"; a step joins two points with "-", jumps use "x"'],
    ['d4', 'bad-move-text', 'bad move text "d4"; expected a step like d4-d5 or jumps like d4xd6xf6'],
  ])('rejects %s with %s', (text, code, message) => {
    const v = getVariant('standard');
    if (!v.ok) throw new Error();
    const played = playMoveText(newGame(v.value), text);
    expect(played.ok ? null : played.error).toEqual({ code, message });
  });

  it('replays a record to the same position and result', () => {
    const start = 'fox:d4 geese:d5,e5,e4,a3,g3,c1 turn:fox';
    const game = play(gameAt('standard', {}, start), 'd4xd6xf4', 'g3-g4');
    const record = makeRecord(game, start);
    expect(record).toEqual({
      variant: 'standard',
      options: { geese: 13, sideways: false },
      start,
      moves: ['d4xd6xf4', 'g3-g4'],
    });
    const replayed = replayRecord(record);
    expect(replayed.ok && position(replayed.value)).toBe(position(game));
    expect(replayed.ok && replayed.value.result).toEqual(game.result);
  });

  it.each([
    [
      'standard',
      'fox:d4 geese:c1,a3,g3,c7,e5 turn:geese',
      'e5-e4',
      'e5-e4: geese may not move S here; they move N, NE, NW',
    ],
    ['standard', 'fox:d4 geese:c1,a3,g3,c7,e5 turn:geese', 'a3xc3', 'a3xc3: geese never jump'],
    ['standard', 'fox:d4 geese:c1,a3,g3,c7,e5 turn:geese', 'a3-a4-a5', 'a3xa4xa5: a goose moves one step at a time'],
    ['standard', 'fox:d4 geese:d5,e5,e4,a3 turn:fox', 'd4xd6xd4', 'd4xd6xd4: there is no goose on d5 to jump'],
    ['standard', 'fox:d4 geese:d5,e5,e4,a3 turn:fox', 'd4xd6xd7', 'd4xd6xd7: after a jump the fox may only jump again'],
    ['standard', 'fox:d4 geese:d5,d6,a3,g3 turn:fox', 'd4xd6', 'd4xd6: d6 is occupied'],
  ])('%s at "%s" says why %s is illegal', (id, text, move, message) => {
    const played = playPoints(gameAt(id, {}, text), move.split(/[-x]/));
    expect(played.ok ? null : played.error).toEqual({ code: 'illegal-move', message });
  });

  it('names the first bad move of a record', () => {
    const replayed = replayRecord({ variant: 'standard', moves: ['d4-d5', 'c3-c5'] });
    expect(replayed.ok ? null : replayed.error).toEqual({
      code: 'illegal-move',
      message: 'move 2: c3xc5: geese never jump',
    });
  });
});
