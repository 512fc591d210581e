// "Learn from your mistakes" judged by the rule that marked the move: hand-built positions against an exact solver.
import { gameOutcomes } from '@fg/protocol';
import { getVariant, newGame, parsePosition, playMoveText, type Variant } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { reviewGame } from './game-review';
import { handSolver } from './hand-solver.testing';
import { hintPoint, judgeTry, needsEngine } from './learn';

const variant = ((): Variant => {
  const v = getVariant('standard', { geese: 13, sideways: false });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();
const solver = handSolver(variant);

describe('judgeTry', () => {
  it('a decisive mistake: a move that keeps the win is right, one that loses is wrong, the same move is the same', async () => {
    const start = parsePosition(variant, 'fox:a5 geese:a3,c3,a4,b4,c4,b5 turn:geese');
    if (!start.ok) throw new Error(start.error.message);
    const played = playMoveText(newGame(variant, start.value), 'c3-d4');
    if (!played.ok) throw new Error(played.error.message);
    const outcomes = await gameOutcomes(played.value, (p) => solver.verdict(p));
    const [marked] = reviewGame(played.value, outcomes, []);
    const context = { mover: 'geese' as const, ply: outcomes.plies[0]!, before: undefined };
    expect(needsEngine(marked!, context)).toBe(false);
    expect(
      (['c4-c5', 'b4-c5', 'c4-d5', 'c3-d4'] as const).map((move) => [
        move,
        judgeTry(marked!, context, move, undefined),
      ]),
    ).toEqual([
      ['c4-c5', 'right'],
      ['b4-c5', 'wrong'],
      ['c4-d5', 'wrong'],
      ['c3-d4', 'same'],
    ]);
    expect(hintPoint(marked!.better)).toBe('c4');
  });

  it('an engine grade needs the engine: a try that loses less than an inaccuracy is right', () => {
    const start = parsePosition(variant, 'fox:a5 geese:a3,c3,a4,b4,c4,b5 turn:geese');
    if (!start.ok) throw new Error(start.error.message);
    const played = playMoveText(newGame(variant, start.value), 'c3-d4');
    if (!played.ok) throw new Error(played.error.message);
    const evaluation = (foxScore: number) => ({ foxScore, winner: null });
    const [marked] = reviewGame(played.value, null, [evaluation(-1), evaluation(0.5)]);
    expect(marked!.judgement).toEqual({ grade: 'mistake', ground: 'engine' });
    const context = { mover: 'geese' as const, ply: null, before: evaluation(-1) };
    expect(needsEngine(marked!, context)).toBe(true);
    expect(judgeTry(marked!, context, 'c4-c5', evaluation(-0.9))).toBe('right');
    expect(judgeTry(marked!, context, 'b4-c5', evaluation(-0.4))).toBe('right'); // an inaccuracy for a mistake: better
    expect(judgeTry(marked!, context, 'c4-d5', evaluation(0.2))).toBe('wrong');
  });
});
