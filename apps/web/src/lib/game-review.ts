// A finished game judged move by move: the facts of each move gathered from the solution's outcomes (where solved)
// and the engine's evaluations, then the one rule of judgement.ts. Pure: the table page, the analysis and the offline
// game all call it with whatever facts they could get, so the same facts give the same marks everywhere.
import type { GameOutcomes, MoveOutcome, PlyOutcome } from '@fg/protocol';
import { type Game, moveTexts, opponent, type Side } from '@fg/rules';

import { type Grade, type Judgement, judgeMove, type MoveFacts, type Value, valueFor } from './judgement';

/** The engine's evaluation of one position of the game (the fox's side, in geese; ±100 once proven). */
export interface PositionEvaluation {
  readonly foxScore: number;
  readonly winner: Side | null; // proven by the search
  readonly best?: string | null; // the engine's move there
}

/** One move of the game, judged. */
export interface ReviewedMove {
  readonly ply: number; // its index in the game's moves
  readonly move: string;
  readonly mover: Side;
  readonly before: Value | null;
  readonly after: Value | null;
  readonly judgement: Judgement;
  /** Moves that would have done better: kept the value, left the fewest winning replies, or the engine's choice. */
  readonly better: readonly string[];
}

/** Where the values come from: the solution, or the engine alone. */
export type ReviewSource = 'solution' | 'engine';

/** A side's tally, as the summary shows it. */
export interface SideSummary {
  readonly kept: number; // moves after which the side's value was what it was before
  readonly inaccuracy: number;
  readonly mistake: number;
  readonly decisive: number;
}

/** The share of the opponent's replies that keep its win after a move of `mover` (a move that ends the game: 0 or 1). */
const share = (mover: Side, outcome: MoveOutcome): number =>
  outcome.replies ? outcome.keep / outcome.replies : outcome.winner === mover ? 0 : 1;

/** The engine's proven value for a side, or null while unproven. */
const provenValue = (side: Side, evaluation: PositionEvaluation | undefined): Value | null =>
  evaluation?.winner ? valueFor(side, evaluation.winner) : null;

/** The engine's score from a side's view. */
const scoreFor = (side: Side, evaluation: PositionEvaluation): number =>
  side === 'fox' ? evaluation.foxScore : -evaluation.foxScore;

/** What is known of the position before a move, and of the move's consequence, for one mover. */
export interface MoveContext {
  readonly mover: Side;
  readonly ply: PlyOutcome | null; // the solution's outcomes at the position before the move
  readonly before: PositionEvaluation | undefined; // the engine at the position before the move
}

/** The facts of `move` (played or tried) from a position, with the engine's evaluation of the position after it. */
export function moveFacts(context: MoveContext, move: string, after: PositionEvaluation | undefined): MoveFacts {
  const { mover, ply } = context;
  const scores =
    context.before && after ? { before: scoreFor(mover, context.before), after: scoreFor(mover, after) } : null;
  const outcome = ply?.moves.find((m) => m.move === move);
  if (ply && outcome) {
    const before = valueFor(mover, ply.winner);
    const replies =
      before === 'loss'
        ? { played: share(mover, outcome), best: Math.min(...ply.moves.map((m) => share(mover, m))) }
        : null;
    return { before, after: valueFor(mover, outcome.winner), exact: true, replies, scores };
  }
  return {
    before: provenValue(mover, context.before),
    after: provenValue(mover, after),
    exact: false,
    replies: null,
    scores,
  };
}

const RANK: Readonly<Record<Value, number>> = { loss: 0, draw: 1, win: 2 };

/** The moves that would not have earned the played move's grade. */
function betterMoves(context: MoveContext, played: string, judgement: Judgement): string[] {
  const { ply, mover } = context;
  if (judgement.ground === 'value' && ply) {
    const before = RANK[valueFor(mover, ply.winner)];
    return ply.moves.filter((m) => RANK[valueFor(mover, m.winner)] >= before).map((m) => m.move);
  }
  if (judgement.ground === 'replies' && ply) {
    const least = Math.min(...ply.moves.map((m) => share(mover, m)));
    return ply.moves.filter((m) => share(mover, m) === least).map((m) => m.move);
  }
  const best = context.before?.best;
  return best && best !== played ? [best] : [];
}

/**
 * Judges every move of `game`. `outcomes` are the solution's facts of its positions (null: unsolved, or not at hand);
 * `evaluations[i]` the engine's evaluation of the position before move i (the last: after the last move), undefined
 * while not known.
 */
export function reviewGame(
  game: Game,
  outcomes: GameOutcomes | null,
  evaluations: readonly (PositionEvaluation | undefined)[],
): ReviewedMove[] {
  const texts = moveTexts(game);
  let mover = game.start.turn;
  return texts.map((move, i) => {
    const context: MoveContext = { mover, ply: outcomes?.plies[i] ?? null, before: evaluations[i] };
    const facts = moveFacts(context, move, evaluations[i + 1]);
    const judgement = judgeMove(facts);
    const reviewed: ReviewedMove = {
      ply: i,
      move,
      mover,
      before: facts.before,
      after: facts.after,
      judgement,
      better: judgement.grade ? betterMoves(context, move, judgement) : [],
    };
    mover = opponent(mover);
    return reviewed;
  });
}

/** A side's tally over the judged moves. */
export function summarise(moves: readonly ReviewedMove[], side: Side): SideSummary {
  const tally: Record<Grade | 'kept', number> = { kept: 0, inaccuracy: 0, mistake: 0, decisive: 0 };
  for (const m of moves) {
    if (m.mover !== side) continue;
    if (m.judgement.grade) tally[m.judgement.grade]++;
    if (m.before !== null && m.before === m.after) tally.kept++;
  }
  return tally;
}

/** The first decisive mistake of the game (where the review opens), or null. */
export const firstDecisive = (moves: readonly ReviewedMove[]): ReviewedMove | null =>
  moves.find((m) => m.judgement.grade === 'decisive') ?? null;

/** A side's marked moves in the game's order (what "Learn from your mistakes" walks through). */
export const markedMoves = (moves: readonly ReviewedMove[], side: Side): ReviewedMove[] =>
  moves.filter((m) => m.mover === side && m.judgement.grade);
