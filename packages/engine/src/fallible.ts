// The root search for a lost cause. When the main search finds the side to move losing against
// perfect play, any move loses and plain minimax picks among them by small differences. An
// opponent that errs (a person, a weak level, a random mover) makes its next move without seeing
// everything; so here each root move is valued by the opponent's replies, mixing the best reply
// (what perfect play does) with the average reply (what a fallible opponent makes on average):
// a move after which many replies go wrong for the opponent keeps the most chances.
import { FOX, listMoves, MoveList, QUIET_LIMIT } from '@fg/rules';

import { DECIDED, type Searcher, type SearchLimits, StopSignal, WIN } from './search.js';
import type { SearchState } from './state.js';

/** Values beyond this count alike in the average: every forced loss is as bad as another. */
const CAP = 3000;

/** The fallible-opponent root's choice: a root move index, its mixed value, the depth completed. */
export interface FallibleChoice {
  readonly best: number; // index in the root move list (generator order)
  readonly value: number; // the mixed value, the mover's view
  readonly depth: number; // plies searched below the root, the reply included
}

/** The mover's view of the position after its move, `depth` plies deep: mixed over the opponent's replies. */
function mixedValue(searcher: Searcher, s: SearchState, replies: MoveList, depth: number, weight: number): number {
  const winner = s.materialWinner();
  if (winner !== 0) return (winner === FOX) === s.foxTurn ? -(WIN - 1) : WIN - 1;
  listMoves(s.tables, s.cells, s.foxTurn, replies);
  if (replies.count === 0) return WIN - 1;
  if (s.occurrences() >= 3 || s.quiet >= QUIET_LIMIT) return -searcher.draw(); // the opponent is to move
  let worst = Infinity;
  let sum = 0;
  const count = replies.count;
  const paths: number[][] = [];
  for (let r = 0; r < count; r++) paths.push(replies.path(r));
  for (const path of paths) {
    s.makePoints(path, 0, path.length);
    const v = searcher.value(depth - 1, 2); // a StopSignal leaves the line made: the root unwinds it
    s.unmake();
    worst = Math.min(worst, v);
    sum += Math.max(-CAP, Math.min(CAP, v));
  }
  const capped = Math.max(-CAP, Math.min(CAP, worst));
  return (1 - weight) * capped + (weight * sum) / count;
}

/**
 * Deepening search of every root move valued by mixedValue (`weight`: the average reply's share);
 * the last completed depth's best move, or null when not even depth 2 completed.
 */
export function fallibleChoice(
  searcher: Searcher,
  s: SearchState,
  limits: SearchLimits,
  weight: number,
): FallibleChoice | null {
  searcher.begin(limits);
  const moves = new MoveList();
  const replies = new MoveList();
  listMoves(s.tables, s.cells, s.foxTurn, moves);
  const rootPly = s.ply;
  let choice: FallibleChoice | null = null;
  for (let d = 2; d <= limits.maxDepth; d++) {
    if (choice && limits.softDeadline !== undefined && Date.now() > limits.softDeadline) break;
    let best = -1;
    let bestValue = -Infinity;
    try {
      for (let i = 0; i < moves.count; i++) {
        s.make(moves, i);
        const v = mixedValue(searcher, s, replies, d - 1, weight);
        s.unmake();
        if (v > bestValue) {
          bestValue = v;
          best = i;
        }
      }
    } catch (e) {
      if (!(e instanceof StopSignal)) throw e;
      while (s.ply > rootPly) s.unmake();
      break;
    }
    choice = { best, value: bestValue, depth: d };
    if (bestValue >= DECIDED) break; // a forced win: no reason to look further
  }
  return choice;
}
