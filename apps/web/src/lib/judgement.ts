// The judgement of one move (docs/product.md "The review"): the single rule behind every mark, on the table page, in
// the analysis (with or without `table=`) and offline, whichever source gave the facts (the server's table, the
// browser's copy, the engine). A move that makes the mover's value worse (a win or a draw thrown away) is decisive;
// a move that keeps it is graded by how much easier it made the opponent's task: the share of the opponent's replies
// that keep its win (exact, for the side that is lost whatever it plays) and the engine's score in geese.
import type { Side } from '@fg/rules';

/** A side's value of a position: what it gets with best play from both sides. */
export type Value = 'win' | 'draw' | 'loss';

/** A move's grade, mildest first. */
export type Grade = 'inaccuracy' | 'mistake' | 'decisive';

/** Every grade, mildest first (a legend's and a summary's order). */
export const GRADES: readonly Grade[] = ['inaccuracy', 'mistake', 'decisive'];

/** The sign written after a graded move. */
export const GRADE_SIGN: Readonly<Record<Grade, string>> = { inaccuracy: '?!', mistake: '?', decisive: '??' };

/** What the grade was read from: the value changed, the opponent's winning replies, or the engine's score. */
type Ground = 'value' | 'replies' | 'engine';

/** The facts about one move, from the mover's side. Anything unknown is null. */
export interface MoveFacts {
  readonly before: Value | null; // the mover's value before the move
  readonly after: Value | null; // after the move played
  readonly exact: boolean; // the values are the solution's (else the engine's proofs, or unknown)
  /** Shares (0..1) of the opponent's replies that keep its win: after the move played, and the lowest any move left. */
  readonly replies: { readonly played: number; readonly best: number } | null;
  /** The engine's score from the mover's side, in geese: before the move (its best) and after the move played. */
  readonly scores: { readonly before: number; readonly after: number } | null;
}

/** A move's judgement: its grade (null: nothing to say) and what it was read from. */
export interface Judgement {
  readonly grade: Grade | null;
  readonly ground: Ground | null;
}

/** The rule's thresholds, as docs/product.md states them. */
const THRESHOLDS = {
  /** Share of the opponent's replies that keep its win, above the least the mover could have left. */
  replies: { inaccuracy: 0.25, mistake: 0.5 },
  /** The engine's score lost by the move, in geese. */
  geese: { inaccuracy: 0.5, mistake: 1 },
  /** Scores are taken within ±20 geese: a proof (±100) counts as a big lead, not as fifty mistakes. */
  clamp: 20,
} as const;

const RANK: Readonly<Record<Value, number>> = { loss: 0, draw: 1, win: 2 };
const SEVERITY: Readonly<Record<Grade, number>> = { inaccuracy: 1, mistake: 2, decisive: 3 };

/** A side's value from a winner (null: a draw). */
export const valueFor = (side: Side, winner: Side | null): Value =>
  winner === null ? 'draw' : winner === side ? 'win' : 'loss';

const clamp = (geese: number): number => Math.max(-THRESHOLDS.clamp, Math.min(THRESHOLDS.clamp, geese));

/** The grade of a loss against two thresholds. */
function graded(lost: number, limits: { readonly inaccuracy: number; readonly mistake: number }): Grade | null {
  if (lost >= limits.mistake) return 'mistake';
  if (lost >= limits.inaccuracy) return 'inaccuracy';
  return null;
}

/** The worse of two judgements (the first when they tie). */
function worse(a: Judgement, b: Judgement): Judgement {
  const rank = (j: Judgement): number => (j.grade ? SEVERITY[j.grade] : 0);
  return rank(b) > rank(a) ? b : a;
}

const NOTHING: Judgement = { grade: null, ground: null };

/** The judgement of one move. */
export function judgeMove(facts: MoveFacts): Judgement {
  const { before, after, replies, scores } = facts;
  if (before && after && RANK[after] < RANK[before]) return { grade: 'decisive', ground: 'value' };
  let judgement = NOTHING;
  if (replies && before === 'loss') {
    judgement = worse(judgement, {
      grade: graded(replies.played - replies.best, THRESHOLDS.replies),
      ground: 'replies',
    });
  }
  if (scores) {
    const lost = clamp(scores.before) - clamp(scores.after);
    judgement = worse(judgement, { grade: graded(lost, THRESHOLDS.geese), ground: 'engine' });
  }
  // A win the solution says was kept is at most an inaccuracy, and only for a mistake's fall: the win may be longer
  // or harder now, never gone, and a small fall is the engine's taste more than the winner's error.
  if (facts.exact && before === 'win' && after === 'win')
    return judgement.grade === 'mistake' ? { grade: 'inaccuracy', ground: judgement.ground } : NOTHING;
  return judgement.grade ? judgement : NOTHING;
}
