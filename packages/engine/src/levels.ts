// The eight levels: how deep and how long each searches, and how it errs on purpose. Level 1
// looks one move ahead and often takes a second-best move; level 8 searches as deep as 1.7 s
// allows (under the 2 s a move the product promises, with room for a busy machine) and never errs on purpose.

/** How one level plays. */
export interface Level {
  readonly maxDepth: number; // iterations of the search, at most
  readonly timeMs: number; // time a move may take
  readonly noise: number; // up to this many points added to or taken from each move's score
  readonly mistake: number; // chance of playing one of the next three moves instead of the best
  readonly tableBits: number; // transposition table size, 2^bits slots
}

/** Levels 1-8, weakest first (index 0 is level 1). */
export const LEVELS: readonly Level[] = [
  { maxDepth: 1, timeMs: 300, noise: 150, mistake: 0.35, tableBits: 12 },
  { maxDepth: 2, timeMs: 300, noise: 90, mistake: 0.2, tableBits: 14 },
  { maxDepth: 3, timeMs: 400, noise: 50, mistake: 0.1, tableBits: 16 },
  { maxDepth: 4, timeMs: 500, noise: 20, mistake: 0.04, tableBits: 16 },
  { maxDepth: 6, timeMs: 500, noise: 0, mistake: 0, tableBits: 18 },
  { maxDepth: 9, timeMs: 800, noise: 0, mistake: 0, tableBits: 18 },
  { maxDepth: 64, timeMs: 1100, noise: 0, mistake: 0, tableBits: 20 },
  { maxDepth: 64, timeMs: 1700, noise: 0, mistake: 0, tableBits: 20 },
];

/** The lowest and highest level. */
export const MIN_LEVEL = 1;
/** The strongest level. */
export const MAX_LEVEL = LEVELS.length;

/** The settings of a level 1-8. */
export function levelSettings(level: number): Level {
  if (!Number.isInteger(level) || level < MIN_LEVEL || level > MAX_LEVEL) {
    throw new RangeError(`bad level ${level}; expected a whole number ${MIN_LEVEL}-${MAX_LEVEL}`);
  }
  return LEVELS[level - 1]!;
}
