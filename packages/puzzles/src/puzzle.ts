// A puzzle made from a position: its line from the solution, its themes, whether it is too easy
// (the one-ply search finds it), which engine levels miss its first move, and a first rating.
import { createHash } from 'node:crypto';

import { chooseMove, EvalCache, Searcher, SearchState, TranspositionTable } from '@fg/engine';
import type { PuzzleRating } from '@fg/protocol';
import { makeMoveText, makePosition, newGame, parsePosition, type Position, type Side, type Variant } from '@fg/rules';
import type { Solution } from '@fg/solver';

import { findLine, keyMove, type NoPuzzle } from './line.js';
import { canonicalKey } from './mirror.js';
import { detectThemes, type Theme } from './themes.js';

/** Where a position came from: a finished game stored on the server, the computer's self-play, or an endgame start. */
export interface PuzzleSource {
  readonly kind: 'game' | 'self-play' | 'endgame';
  readonly id: string; // the table id, the self-play game's number, or the endgame start's number
}

/** A position offered to the generator. */
export interface Candidate {
  readonly position: Position;
  readonly ply: number | null; // its ply in the game (null: not from a game's start)
  readonly source: PuzzleSource;
}

/** A generated puzzle, as the store keeps it. */
export interface Puzzle {
  readonly id: string; // 8 characters from the canonical key: the same for a position and its mirror
  readonly geese: number; // the options' starting geese (the table's)
  readonly position: string; // position text, quiet count 0
  readonly side: Side; // the solver
  readonly line: readonly string[];
  readonly themes: readonly Theme[];
  readonly ply: number | null;
  readonly source: PuzzleSource;
  readonly missedBy: readonly number[]; // the engine levels (of LEVELS_TRIED) whose move is not the first move
  readonly level8Missed: boolean | null; // whether level 8 misses the first move; null until graded
  readonly rating: PuzzleRating;
  readonly plays: number;
}

/** The levels whose first move is tried when a puzzle is made (level 8 is graded apart: it thinks 1.3 s). */
export const LEVELS_TRIED = [1, 2, 3, 4, 5, 6] as const;

/**
 * Evaluations shared by the levels' searches of every puzzle made in this process (levels 1-6 search the same
 * positions, and puzzles are found near each other): the same moves, about 1.1-1.2 times sooner (docs/puzzles.md).
 * Level 8 is not given it: it thinks by the clock, and its grading is the plain level's.
 */
const EVALS = new EvalCache(20);

/** Why a candidate makes no puzzle. */
export type Rejected = NoPuzzle | 'trivial';

/** The puzzle id of a canonical key: base64url of its SHA-256, 8 characters. */
export function puzzleId(geese: number, key: string): string {
  return createHash('sha256').update(`${geese}:${key}`, 'latin1').digest('base64url').slice(0, 8);
}

/** The first rating of a puzzle: harder the more levels miss it and the longer its line. */
export function firstRating(missed: number, solverMoves: number, level8Missed: boolean): PuzzleRating {
  const rating = 1100 + 120 * missed + 100 * (solverMoves - 1) + (level8Missed ? 250 : 0);
  return { rating, deviation: 300, volatility: 0.09 };
}

/** The move the one-ply search rates best, without level 1's deliberate noise and mistakes. */
function onePlyMove(variant: Variant, position: Position): string {
  const game = newGame(variant, position);
  const searcher = new Searcher(new SearchState(variant, position), new TranspositionTable(10));
  const outcome = searcher.run({ maxDepth: 1, deadline: Infinity });
  return makeMoveText(game.variant.board, outcome.moves.path(outcome.best));
}

/** Whether level 8 (the clock: 1.3 s) misses the first move of a puzzle. */
export function level8Misses(variant: Variant, puzzle: Pick<Puzzle, 'position' | 'line'>): boolean {
  const position = parsePosition(variant, puzzle.position);
  if (!position.ok) throw new Error(`a stored puzzle's position: ${position.error.message}`);
  return chooseMove(newGame(variant, position.value), { level: 8, seed: 8 }).move !== puzzle.line[0];
}

/** The puzzle once level 8 has tried it: its first rating follows while nobody has played it. */
export function graded(puzzle: Puzzle, missed: boolean): Puzzle {
  const rating =
    puzzle.plays === 0 ? firstRating(puzzle.missedBy.length, (puzzle.line.length + 1) / 2, missed) : puzzle.rating;
  return { ...puzzle, level8Missed: missed, rating };
}

/** Makes the puzzle of a candidate, or says why there is none. `geese`: the table's options. */
export function makePuzzle(solution: Solution, variant: Variant, candidate: Candidate): Puzzle | Rejected {
  const position: Position = { ...candidate.position, quiet: 0 };
  const key = keyMove(solution, variant, position);
  if (typeof key === 'string') return key;
  const first = makeMoveText(variant.board, key);
  if (onePlyMove(variant, position) === first) return 'trivial';
  const line = findLine(solution, variant, position);
  if (typeof line === 'string') return line;
  const game = newGame(variant, position);
  const missedBy = LEVELS_TRIED.filter(
    (level) => chooseMove(game, { level, seed: level, evals: EVALS }).move !== first,
  );
  const solverMoves = (line.moves.length + 1) / 2;
  return {
    id: puzzleId(solution.geese, canonicalKey(variant.board, position)),
    geese: solution.geese,
    position: makePosition(variant.board, position),
    side: line.side,
    line: line.moves,
    themes: detectThemes({ variant, line, ply: candidate.ply }),
    ply: candidate.ply,
    source: candidate.source,
    missedBy,
    level8Missed: null,
    rating: firstRating(missedBy.length, solverMoves, false),
    plays: 0,
  };
}
