// The line of a puzzle, read off the solution: it starts where the side to move wins and exactly one
// of its legal moves (of two or more) keeps the win; the defender then answers with its most
// resisting reply, and the line goes on while the solver's winning move is again the only one, for
// up to MAX_SOLVER_MOVES solver moves, always ending on a solver's move.
import { chooseMove } from '@fg/engine';
import {
  applyMove,
  generateMoves,
  makeMoveText,
  newGame,
  type Position,
  positionOutcome,
  type Side,
  type Variant,
} from '@fg/rules';
import type { Solution } from '@fg/solver';

/** The most solver moves a line holds. */
export const MAX_SOLVER_MOVES = 4;

/** Why a position gives no puzzle. */
export type NoPuzzle = 'beyond-table' | 'game-over' | 'not-won' | 'forced' | 'several-keep';

/** A puzzle's line from a position: the solver's side and the moves, solver first and last. */
export interface Line {
  readonly side: Side; // the solver: the side to move at the start
  readonly moves: readonly string[]; // ['d4xd6', 'c3-d3', 'd6-d5']: solver, defender, solver, ...
  readonly positions: readonly Position[]; // the position before each move, then the one after the last
}

/** A position, its legal moves and (when the mover wins) the moves that keep the win. */
interface Step {
  readonly position: Position;
  readonly legal: number[][];
  readonly keep: readonly number[][]; // [] when the mover does not win or the game is over
}

/** The step at a position: its legal moves and which keep the win (none once the game is over). */
function stepAt(solution: Solution, variant: Variant, position: Position, mover: Side): Step {
  const legal = generateMoves(variant, position);
  if (positionOutcome(variant, position, legal)) return { position, legal, keep: [] };
  const keep = legal.filter((path) => winnerAfter(solution, variant, applyMove(variant, position, path)) === mover);
  return { position, legal, keep };
}

/** The perfect-play winner of a position, the rules' winner where the game is over. */
function winnerAfter(solution: Solution, variant: Variant, position: Position): Side | null {
  const ended = positionOutcome(variant, position);
  return ended?.winner ?? solution.winner(position);
}

/** The one move that keeps the win from `start` (a puzzle's first move), or why there is none. */
export function keyMove(solution: Solution, variant: Variant, start: Position): number[] | NoPuzzle {
  if (!solution.covers(start)) return 'beyond-table';
  const legal = generateMoves(variant, start);
  if (legal.length === 0 || positionOutcome(variant, start, legal)) return 'game-over';
  // One record tells a lost position; counting keeping moves stops at the second (most positions have several).
  if (solution.winner(start) !== start.turn) return 'not-won';
  if (legal.length < 2) return 'forced';
  let key: number[] | null = null;
  for (const path of legal) {
    if (winnerAfter(solution, variant, applyMove(variant, start, path)) !== start.turn) continue;
    if (key) return 'several-keep';
    key = path;
  }
  return key ?? 'not-won';
}

/** The line from `start`, or why there is none. */
export function findLine(solution: Solution, variant: Variant, start: Position): Line | NoPuzzle {
  const key = keyMove(solution, variant, start);
  if (typeof key === 'string') return key;
  const side = start.turn;
  const text = (path: readonly number[]): string => makeMoveText(variant.board, path);
  const moves = [text(key)];
  const positions = [start, applyMove(variant, start, key)];
  for (let solverMoves = 1; solverMoves < MAX_SOLVER_MOVES; solverMoves++) {
    const after = positions.at(-1)!;
    const replies = generateMoves(variant, after);
    if (positionOutcome(variant, after, replies)) break; // the solver's move ended the game
    const reply = mostResisting(solution, variant, after, replies, side);
    const next = stepAt(solution, variant, applyMove(variant, after, reply), side);
    if (next.keep.length !== 1 || next.legal.length < 2) break; // no longer a single keeping move
    moves.push(text(reply), text(next.keep[0]!));
    positions.push(next.position, applyMove(variant, next.position, next.keep[0]!));
  }
  return { side, moves, positions };
}

/**
 * The defender's reply that leaves the solver the fewest win-keeping moves (a reply that ends the
 * game counts as leaving every move); among equals, the one the engine (level 4, a fixed node
 * budget, so the same on every machine) plays, else the first in the generator's order.
 */
function mostResisting(
  solution: Solution,
  variant: Variant,
  position: Position,
  replies: readonly number[][],
  solver: Side,
): number[] {
  let fewest = Infinity;
  let tied: number[][] = [];
  for (const reply of replies) {
    const next = applyMove(variant, position, reply);
    const step = stepAt(solution, variant, next, solver);
    const count = positionOutcome(variant, next, step.legal) ? Infinity : step.keep.length;
    if (count < fewest) [fewest, tied] = [count, [reply]];
    else if (count === fewest) tied.push(reply);
  }
  if (tied.length === 1) return tied[0]!;
  const choice = chooseMove(newGame(variant, position), { level: 4, seed: 1 });
  const same = (path: readonly number[]): boolean =>
    path.length === choice.path.length && path.every((p, i) => p === choice.path[i]);
  return tied.find(same) ?? tied[0]!;
}
