// Puzzles from the solution (docs/puzzles.md): positions where exactly one move keeps the win, their
// lines, themes and first ratings; the server stores them and serves them.
export { checkPuzzle } from './check.js';
export { endgameStart } from './endgame.js';
export { findLine, type Line, MAX_SOLVER_MOVES, type NoPuzzle } from './line.js';
export { canonicalKey, mirrored } from './mirror.js';
export {
  type Candidate,
  firstRating,
  graded,
  level8Misses,
  LEVELS_TRIED,
  makePuzzle,
  type Puzzle,
  puzzleId,
  type PuzzleSource,
  type Rejected,
} from './puzzle.js';
export { SELF_PLAY_MOVE_MS, selfPlayGame, withAlternatives, wonLineSteps } from './self-play.js';
export { detectThemes, ENDGAME_GEESE, OPENING_PLIES, type Theme, type ThemeInput } from './themes.js';
