// The perfect computer (level 9). Where the table covers the position and the computer is to move in a won
// position, it plays only moves that keep the win (docs/rules.md section 10): the engine's choice when that is one of
// them, else the one the engine's evaluation likes best. In a lost position (or one a test table does not cover)
// the engine plays its best, as level 8. The lookup is a few disk reads (< 1 ms): it runs on the event loop, the
// search stays in the pool. With sideways moves (section 10.1): in a drawn position it plays only drawing moves;
// in a won one only the winning moves that reach a capture or a forward goose move soonest (fastestWins), so that
// the win never slips into threefold repetition or the fifty-move rule.
import { EvalScratch, evaluate, SearchState } from '@fg/engine';
import { COMPUTER_LEVELS, PERFECT_LEVEL } from '@fg/protocol';
import { applyMove, type Game, makeMoveText, type Path, positionKey, replayRecord } from '@fg/rules';
import { fastestWins, type Solution } from '@fg/solver';

import type { Solutions } from '../solution/solutions.js';
import type { ThinkAnswer, ThinkTask } from './think.js';

/** A score beyond any evaluation: a won or lost position as the table says. */
const SOLVED_SCORE = 100_000;

/** A move chosen from the table. */
export interface PerfectMove {
  readonly path: Path; // point indices
  readonly move: string; // 'd4-c4'
}

/**
 * The moves level 9 may play: those that keep the win (with sideways moves: those of them that make progress
 * soonest), or with sideways moves in a drawn position those that keep the draw; null when the side to move is lost
 * or the table does not cover the position (the engine decides then).
 */
function perfectMoves(solution: Solution, game: Game): readonly string[] | null {
  const { position, variant } = game;
  if (game.result || !solution.covers(position)) return null;
  const { winner, keep } = solution.verdict(position);
  if (keep.length === 0 || (winner !== null && winner !== position.turn)) return null;
  if (!solution.sideways || winner === null) return keep;
  const progress = fastestWins(solution, variant, position);
  if (progress) return progress.moves; // strictly nearer a capture or a forward goose move: it never comes back
  // Too many positions to measure: a winning move that leaves the level, else one to a position not seen yet.
  const leaving = game.legal.filter((path) => applyMove(variant, position, path).quiet === 0);
  const seen = new Set(game.keys);
  const fresh = game.legal.filter((path) => !seen.has(positionKey(applyMove(variant, position, path))));
  for (const group of [leaving, fresh]) {
    const moves = group.map((path) => makeMoveText(variant.board, path)).filter((m) => keep.includes(m));
    if (moves.length > 0) return moves;
  }
  return keep;
}

/**
 * The move that keeps the win (or, with sideways moves, the draw), or null when the side to move is lost or the
 * table does not cover the position (the engine decides then). `preferred` is the engine's own choice (move text),
 * taken when it is one of perfectMoves.
 */
export function choosePerfect(
  solution: Solution,
  game: Game,
  preferred?: string,
  allowed = perfectMoves(solution, game),
): PerfectMove | null {
  const { position, variant } = game;
  if (allowed === null) return null;
  const keeping = game.legal.filter((path) => allowed.includes(makeMoveText(variant.board, path)));
  const engine = keeping.find((path) => makeMoveText(variant.board, path) === preferred);
  if (engine) return { path: engine, move: preferred! };
  // The opponent's view of each position left: the lowest is the mover's best.
  let best = keeping[0]!;
  let bestScore = Infinity;
  for (const path of keeping) {
    const state = new SearchState(variant, applyMove(variant, position, path));
    const score = evaluate(state, new EvalScratch(state.tables.size));
    if (score < bestScore) [best, bestScore] = [path, score];
  }
  return { path: best, move: makeMoveText(variant.board, best) };
}

/** Thinking for every level: level 9 reads the table here and asks `engine` (the pool) for the search as level 8. */
export function perfectThinker(
  solutions: Solutions,
  engine: (task: ThinkTask) => Promise<ThinkAnswer>,
): (task: ThinkTask) => Promise<ThinkAnswer> {
  return async (task) => {
    if (task.level !== PERFECT_LEVEL) return engine(task);
    const asEngine = { ...task, level: COMPUTER_LEVELS.max };
    const replayed = replayRecord({ variant: task.variant, options: task.options, moves: [...task.moves] });
    if (!replayed.ok) throw new Error(`the game does not replay: ${replayed.error.message}`);
    const game = replayed.value;
    const solution = solutions.for(game.variant);
    if (!solution || game.result || !solution.covers(game.position)) return engine(asEngine);
    if (task.kind === 'assess') {
      const winner = solution.winner(game.position);
      const foxScore = winner === null ? 0 : winner === 'fox' ? SOLVED_SCORE : -SOLVED_SCORE;
      return { kind: 'assess', winner, foxScore };
    }
    const started = performance.now();
    const allowed = perfectMoves(solution, game);
    if (allowed === null) return engine(asEngine); // lost: the engine's best
    // Won (or drawn): the engine's move when it is allowed (it heads for the end), else the best-looking allowed one.
    const thought = allowed.length === 1 ? null : await engine(asEngine);
    const chosen = choosePerfect(solution, game, thought?.kind === 'move' ? thought.move : undefined, allowed)!;
    const points = chosen.path.map((p) => game.variant.board.points[p]!.name);
    const depth = thought?.kind === 'move' ? thought.depth : 0;
    return { kind: 'move', points, move: chosen.move, depth, ms: Math.round(performance.now() - started) };
  };
}
