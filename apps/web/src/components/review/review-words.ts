// The review's sentences: what a marked move did and what would have done better, in the page's language.
import type { TFunction } from 'i18next';

import type { ReviewedMove } from '../../lib/game-review';
import { readableMoves } from '../../lib/readable-moves';
import { sideWord } from '../../lib/side-word';
import type { GameReview } from './use-game-review';

/** At most this many better moves are named (their longest forms); the keep list has the rest. */
const NAMED = 3;

/** Better moves as words: "g4xe4xe6 or g4xe4xe2" (chains by their longest forms). */
function betterWords(t: TFunction, moves: readonly string[]): string {
  const forms = readableMoves(moves).flatMap((group) => group.moves);
  return forms.slice(0, NAMED).join(t('judge.or'));
}

/** The mover's score lost by a move, in geese, as the engine counted it. */
function fall(move: ReviewedMove, evaluations: GameReview['evaluations']): number {
  const before = evaluations[move.ply];
  const after = evaluations[move.ply + 1];
  if (!before || !after) return 0;
  const clamp = (x: number): number => Math.max(-20, Math.min(20, x));
  const lost = clamp(before.foxScore) - clamp(after.foxScore);
  return Math.round((move.mover === 'fox' ? lost : -lost) * 10) / 10;
}

/** The key of the sentence for a marked move, and whether its words name the fox side (then Two Foxes says "foxes"). */
function sentenceKey(
  move: ReviewedMove,
  source: GameReview['source'],
): { key: string; sided: boolean; whole?: boolean } {
  const { ground } = move.judgement;
  if (ground === 'value') {
    if (source !== 'solution') return { key: 'judge.sentence.decisiveEngine', sided: false };
    if (move.after === 'draw') return { key: 'judge.sentence.decisive.draw', sided: false };
    return { key: `judge.sentence.decisive.${move.mover}`, sided: true };
  }
  // Always names the move that left the fewest replies, so it has no form without better moves.
  if (ground === 'replies') return { key: `judge.sentence.replies.${move.mover}`, sided: true, whole: true };
  if (move.before === 'loss') return { key: `judge.sentence.engineLost.${move.mover}`, sided: true };
  return { key: 'judge.sentence.engine', sided: false };
}

/** The sentence that says what a marked move did in a game of `variant`, or null for an unmarked one. */
export function markSentence(
  t: TFunction,
  move: ReviewedMove,
  review: Pick<GameReview, 'source' | 'outcomes' | 'evaluations'>,
  variant: string,
): string | null {
  if (!move.judgement.grade) return null;
  const better = betterWords(t, move.better);
  const outcome = review.outcomes?.plies[move.ply]?.moves.find((m) => m.move === move.move);
  const { key, sided, whole } = sentenceKey(move, review.source);
  // i18next's context: `_foxes` where the sentence names two foxes, `_better` where better moves are named.
  const context = [sided && sideWord('fox', variant) === 'foxes' ? 'foxes' : '', better && !whole ? 'better' : '']
    .filter(Boolean)
    .join('_');
  return t(key, {
    move: move.move,
    better,
    context: context || undefined,
    keep: outcome?.keep ?? 0,
    total: outcome?.replies ?? 0,
    fall: t('judge.geese', { count: fall(move, review.evaluations) }),
  });
}
