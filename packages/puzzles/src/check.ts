// Checks a stored puzzle against the solution: at every solver step its move is the only legal move
// that keeps the win (of two or more), every move of the line is legal, the line ends on a solver's
// move, and the id is the one its position gives. The build's test and the script over the whole
// set (pnpm puzzles check) both use it.
import {
  applyMove,
  generateMoves,
  makeMoveText,
  parseMoveText,
  parsePosition,
  positionOutcome,
  type Variant,
} from '@fg/rules';
import type { Solution } from '@fg/solver';

import { MAX_SOLVER_MOVES } from './line.js';
import { canonicalKey } from './mirror.js';
import { type Puzzle, puzzleId } from './puzzle.js';

/** What is wrong with a puzzle; [] when it is exactly right. */
export function checkPuzzle(
  solution: Solution,
  variant: Variant,
  puzzle: Pick<Puzzle, 'id' | 'geese' | 'position' | 'side' | 'line'>,
): string[] {
  const parsed = parsePosition(variant, puzzle.position);
  if (!parsed.ok) return [`bad position: ${parsed.error.message}`];
  let position = parsed.value;
  const problems: string[] = [];
  if (position.turn !== puzzle.side) problems.push(`the side to move is ${position.turn}, not ${puzzle.side}`);
  if (puzzle.geese !== solution.geese) problems.push(`made for ${puzzle.geese} geese, checked on ${solution.geese}`);
  if (puzzle.id !== puzzleId(puzzle.geese, canonicalKey(variant.board, position)))
    problems.push(`id ${puzzle.id} is not its position's`);
  if (puzzle.line.length % 2 === 0 || puzzle.line.length > 2 * MAX_SOLVER_MOVES - 1)
    problems.push(`a line of ${puzzle.line.length} moves does not end on the solver's move within ${MAX_SOLVER_MOVES}`);
  for (const [i, text] of puzzle.line.entries()) {
    const legal = generateMoves(variant, position);
    if (positionOutcome(variant, position, legal)) {
      problems.push(`move ${i + 1} (${text}) comes after the game is over`);
      break;
    }
    const path = parseMoveText(variant.board, text);
    const played = path.ok ? legal.find((m) => makeMoveText(variant.board, m) === text) : undefined;
    if (!played) {
      problems.push(`move ${i + 1} (${text}) is not legal`);
      break;
    }
    if (i % 2 === 0) {
      const { winner, keep } = solution.verdict(position);
      if (winner !== puzzle.side) problems.push(`before move ${i + 1} the ${puzzle.side} do not win`);
      else if (keep.length !== 1 || keep[0] !== text)
        problems.push(`before move ${i + 1} the moves that keep the win are ${keep.join(' ')}, not ${text} alone`);
      if (legal.length < 2) problems.push(`move ${i + 1} (${text}) is the only legal move`);
    }
    position = applyMove(variant, position, played);
  }
  return problems;
}
