// The eight levels: how much each searches, and how it errs on purpose. Levels 1-3 look 1-3
// plies ahead and take near-best moves on purpose; levels 4-7 search a budget of positions
// about three and a half times the level below's (a node budget, not a clock: the same move on any machine,
// and a clear step in strength); level 8 searches as deep as 1.3 s allows (under the 2 s a move
// the product promises, with room for a busy machine) and never errs on purpose. Every level
// also has a time cap, so a slow machine still answers in time.

/** How one level plays. */
export interface Level {
  readonly maxDepth: number; // iterations of the search, at most
  readonly maxNodes: number; // positions a move may search (Infinity: only the clock limits it)
  readonly timeMs: number; // time a move may take
  readonly noise: number; // up to this many points added to or taken from each move's score
  readonly mistake: number; // chance of playing one of the next three moves instead of the best
  readonly contempt: number; // a draw counts this much below even for the level: it plays on for a win
  readonly fallible: number; // when losing, the weight of the opponent's average reply against its best (fallible.ts)
  readonly tableBits: number; // transposition table size, 2^bits slots
}

/** Levels 1-8, weakest first (index 0 is level 1). */
export const LEVELS: readonly Level[] = [
  { maxDepth: 1, maxNodes: Infinity, timeMs: 300, noise: 300, mistake: 0.5, contempt: 50, fallible: 0, tableBits: 12 },
  { maxDepth: 2, maxNodes: Infinity, timeMs: 300, noise: 60, mistake: 0.1, contempt: 50, fallible: 0, tableBits: 14 },
  { maxDepth: 3, maxNodes: Infinity, timeMs: 400, noise: 20, mistake: 0.03, contempt: 50, fallible: 0, tableBits: 16 },
  { maxDepth: 64, maxNodes: 3_000, timeMs: 600, noise: 0, mistake: 0, contempt: 50, fallible: 0, tableBits: 16 },
  { maxDepth: 64, maxNodes: 10_000, timeMs: 800, noise: 0, mistake: 0, contempt: 50, fallible: 0, tableBits: 18 },
  { maxDepth: 64, maxNodes: 35_000, timeMs: 1000, noise: 0, mistake: 0, contempt: 50, fallible: 0, tableBits: 18 },
  { maxDepth: 64, maxNodes: 120_000, timeMs: 1500, noise: 0, mistake: 0, contempt: 50, fallible: 0, tableBits: 20 },
  { maxDepth: 64, maxNodes: Infinity, timeMs: 1300, noise: 0, mistake: 0, contempt: 50, fallible: 0.5, tableBits: 20 },
];

/** The lowest and highest level. */
const MIN_LEVEL = 1;
/** The strongest level. */
export const MAX_LEVEL = LEVELS.length;

/** The settings of a level 1-8. */
export function levelSettings(level: number): Level {
  if (!Number.isInteger(level) || level < MIN_LEVEL || level > MAX_LEVEL) {
    throw new RangeError(`bad level ${level}; expected a whole number ${MIN_LEVEL}-${MAX_LEVEL}`);
  }
  return LEVELS[level - 1]!;
}
