// Themes of a puzzle, each found by a small detector over its line (docs/puzzles.md says what each
// means and why): a puzzle may have several, or none.
import { PUZZLE_THEMES, type PuzzleTheme } from '@fg/protocol';
import {
  countGeese,
  generateMoves,
  isJump,
  parseMoveText,
  type Position,
  positionOutcome,
  type Variant,
} from '@fg/rules';

import type { Line } from './line.js';

/** A theme's name (as the protocol sends it). */
export type Theme = PuzzleTheme;

/** The most geese an endgame has. */
export const ENDGAME_GEESE = 8;
/** Plies from a game's start within which a puzzle is an opening: the first 10 moves of each side. */
export const OPENING_PLIES = 20;

/** What a detector looks at: the line, the variant, and the ply of the game the start stood at. */
export interface ThemeInput {
  readonly variant: Variant;
  readonly line: Line;
  readonly ply: number | null; // null when the position did not come from a game's start
}

/** The paths of the line's moves, in order. */
function paths(input: ThemeInput): number[][] {
  return input.line.moves.map((text) => {
    const path = parseMoveText(input.variant.board, text);
    if (!path.ok) throw new Error(`bad move in a line: ${text}`);
    return path.value;
  });
}

/** The solver's moves with the positions they are played from (even indices of the line). */
function solverMoves(input: ThemeInput): { path: number[]; before: Position; after: Position }[] {
  const all = paths(input);
  const { positions } = input.line;
  return all
    .map((path, i) => ({ path, before: positions[i]!, after: positions[i + 1]! }))
    .filter((_, i) => i % 2 === 0);
}

/** Whether the side to move of a position has a capture. */
function canCapture(variant: Variant, position: Position): boolean {
  return position.turn === 'fox' && generateMoves(variant, position).some((path) => isJump(variant, path));
}

const detectors: Readonly<Record<Theme, (input: ThemeInput) => boolean>> = {
  // A solver's move captures two geese or more in one chain.
  'jump-chain': (input) => solverMoves(input).some(({ path }) => path.length >= 3 && isJump(input.variant, path)),
  // The line's last move leaves the fox without a move.
  'fox-trapped': (input) => positionOutcome(input.variant, input.line.positions.at(-1)!)?.reason === 'fox-trapped',
  // The line's last move leaves the geese without a move.
  'geese-stalemated': (input) =>
    positionOutcome(input.variant, input.line.positions.at(-1)!)?.reason === 'geese-stalemated',
  // The key move takes nothing where nothing could be taken: no jump for the fox before it (for
  // the geese: the fox had no jump in the position they answered, nothing hung to defend).
  'quiet-move': (input) => {
    const [first] = solverMoves(input);
    const { variant } = input;
    if (!first || isJump(variant, first.path)) return false;
    if (first.before.turn === 'fox') return !canCapture(variant, first.before);
    return !canCapture(variant, { ...first.before, turn: 'fox' });
  },
  // A geese move of the line leaves a goose for the fox to take.
  sacrifice: (input) =>
    solverMoves(input).some(({ before, after }) => before.turn === 'geese' && canCapture(input.variant, after)),
  endgame: (input) => countGeese(input.line.positions[0]!) <= ENDGAME_GEESE,
  opening: (input) => input.ply !== null && input.ply < OPENING_PLIES,
};

/** The themes a puzzle has, in PUZZLE_THEMES order. */
export function detectThemes(input: ThemeInput): Theme[] {
  return PUZZLE_THEMES.filter((theme) => detectors[theme](input));
}
