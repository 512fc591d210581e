// The review of games from positions built by hand, judged against an exact solver of small positions (the same facts
// a solution table gives): each grade for each side, the better moves, the tallies, and the engine where unsolved.
import { type GameOutcomes, gameOutcomes } from '@fg/protocol';
import { type Game, getVariant, newGame, parsePosition, playMoveText, type Variant } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { firstDecisive, markedMoves, type PositionEvaluation, reviewGame, summarise } from './game-review';
import { handSolver } from './hand-solver.testing';

const variant = ((): Variant => {
  const v = getVariant('standard', { geese: 13, sideways: false });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();
const solver = handSolver(variant);

/** The game of `moves` from the position text. */
function gameOf(position: string, moves: readonly string[]): Game {
  const start = parsePosition(variant, position);
  if (!start.ok) throw new Error(start.error.message);
  return moves.reduce(
    (game, move) => {
      const next = playMoveText(game, move);
      if (!next.ok) throw new Error(next.error.message);
      return next.value;
    },
    newGame(variant, start.value),
  );
}

const solved = (game: Game): Promise<GameOutcomes> => gameOutcomes(game, (p) => solver.verdict(p));
const fox = (foxScore: number, winner: PositionEvaluation['winner'] = null, best?: string): PositionEvaluation => ({
  foxScore,
  winner,
  best,
});

// The fox on g4 wins by jumping e4; g4-g5 walks into the corner, where the geese trap it.
const FOX_TRAP = 'fox:g4 geese:e3,f3,g3,f4,e5,f5 turn:fox';
// The geese win with c4-c5 (the fox on a5 is trapped); c3-d4 opens b4 for a jump.
const GEESE_TRAP = 'fox:a5 geese:a3,c3,a4,b4,c4,b5 turn:geese';
/** From GEESE_TRAP: the geese's decisive mistake, the fox's jump, and a move of the geese, lost by then. */
const LOST_GEESE = ['c3-d4', 'a5xc5', 'd4-d5'];
/** The engine's scores (the fox's side) before each move and after the last. */
const SCORES = [fox(-1), fox(3), fox(4.2), fox(5.4)];

describe('reviewGame with the solution', () => {
  it("marks the fox's thrown-away win as decisive, with the moves that kept it", async () => {
    const game = gameOf(FOX_TRAP, ['g4-g5']);
    const [move] = reviewGame(game, await solved(game), []);
    expect(move).toEqual({
      ply: 0,
      move: 'g4-g5',
      mover: 'fox',
      before: 'win',
      after: 'loss',
      judgement: { grade: 'decisive', ground: 'value' },
      better: ['g4xe4', 'g4xe4xe6', 'g4xe4xe2'],
    });
  });

  it("marks the geese's thrown-away win as decisive; their winning move is kept", async () => {
    const lost = gameOf(GEESE_TRAP, ['c3-d4']);
    expect(reviewGame(lost, await solved(lost), [])[0]).toMatchObject({
      mover: 'geese',
      before: 'win',
      after: 'loss',
      judgement: { grade: 'decisive' },
      better: ['c4-c5'],
    });
    const won = gameOf(GEESE_TRAP, ['c4-c5']);
    const [kept] = reviewGame(won, await solved(won), []);
    expect(kept).toMatchObject({ before: 'win', after: 'win', judgement: { grade: null }, better: [] });
  });

  it('grades the lost side by the engine in the solved frame: a goose lost, half a goose lost', async () => {
    // After c3-d4 the fox wins and the geese are lost whatever they play: their later moves are graded.
    const game = gameOf(GEESE_TRAP, LOST_GEESE);
    const outcomes = await solved(game);
    expect(outcomes.plies.map((p) => p.winner)).toEqual(['geese', 'fox', 'fox', 'fox']);
    const moves = reviewGame(game, outcomes, SCORES);
    expect(moves.map((m) => [m.move, m.mover, m.judgement.grade, m.judgement.ground])).toEqual([
      ['c3-d4', 'geese', 'decisive', 'value'],
      ['a5xc5', 'fox', null, null], // the winner kept the win; its score rose
      ['d4-d5', 'geese', 'mistake', 'engine'], // 1.2 geese lost
    ]);
    const milder = reviewGame(game, outcomes, [...SCORES.slice(0, 3), fox(4.8)]);
    expect(milder[2]!.judgement).toEqual({ grade: 'inaccuracy', ground: 'engine' });
  });

  it('grades the lost side by the share of winning replies it leaves, against its best move', () => {
    // The table's answers written by hand for a position where the fox is lost: after d3-d4 the geese have 5
    // winning replies of 6; after d3-c4, 1 of 6; after d3-e4, 3 of 6.
    const game = gameOf('fox:d3 geese:c1,d1,e1,c2,e2,b3,f3,a4,g4 turn:fox', ['d3-d4']);
    const outcomes: GameOutcomes = {
      plies: [
        {
          winner: 'geese',
          moves: [
            { move: 'd3-d4', winner: 'geese', keep: 5, replies: 6 },
            { move: 'd3-c4', winner: 'geese', keep: 1, replies: 6 },
            { move: 'd3-e4', winner: 'geese', keep: 3, replies: 6 },
          ],
        },
        { winner: 'geese', moves: [] },
      ],
    };
    expect(reviewGame(game, outcomes, [])[0]).toMatchObject({
      judgement: { grade: 'mistake', ground: 'replies' },
      better: ['d3-c4'],
    });
    const middling = gameOf('fox:d3 geese:c1,d1,e1,c2,e2,b3,f3,a4,g4 turn:fox', ['d3-e4']);
    expect(reviewGame(middling, outcomes, [])[0]!.judgement).toEqual({ grade: 'inaccuracy', ground: 'replies' });
  });

  it("tallies each side and finds the first decisive mistake and a side's marked moves", async () => {
    const game = gameOf(GEESE_TRAP, LOST_GEESE);
    const moves = reviewGame(game, await solved(game), SCORES);
    expect(summarise(moves, 'geese')).toEqual({ kept: 1, inaccuracy: 0, mistake: 1, decisive: 1 });
    expect(summarise(moves, 'fox')).toEqual({ kept: 1, inaccuracy: 0, mistake: 0, decisive: 0 });
    expect(firstDecisive(moves)?.move).toBe('c3-d4');
    expect(markedMoves(moves, 'geese').map((m) => m.move)).toEqual(['c3-d4', 'd4-d5']);
    expect(markedMoves(moves, 'fox')).toEqual([]);
  });
});

describe('reviewGame with the engine alone (unsolved)', () => {
  it("marks a proven win turned into a proven loss as decisive, with the engine's move", () => {
    const game = gameOf(FOX_TRAP, ['g4-g5']);
    const [move] = reviewGame(game, null, [fox(100, 'fox', 'g4xe4'), fox(-100, 'geese')]);
    expect(move).toMatchObject({
      before: 'win',
      after: 'loss',
      judgement: { grade: 'decisive', ground: 'value' },
      better: ['g4xe4'],
    });
  });

  it('grades by the fall of the score, for the geese as for the fox', () => {
    const game = gameOf(GEESE_TRAP, ['c3-d4']);
    expect(reviewGame(game, null, [fox(-1), fox(0.1, null)])[0]).toMatchObject({
      mover: 'geese',
      before: null,
      judgement: { grade: 'mistake', ground: 'engine' },
    });
    expect(reviewGame(game, null, [fox(-1), fox(-0.4)])[0]!.judgement.grade).toBe('inaccuracy');
    expect(reviewGame(game, null, [fox(-1), undefined])[0]!.judgement.grade).toBeNull(); // not evaluated yet
  });
});
