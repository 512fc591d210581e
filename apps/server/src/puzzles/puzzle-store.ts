// Where puzzles are kept (docs/puzzles.md): the port the routes and the build use. SQLite keeps them in
// puzzles.sqlite beside the tables' database (store/sqlite/sqlite-puzzles.ts), Redis in a hash per puzzle
// with sorted sets by rating (store/redis/redis-puzzles.ts), memory for tests; all choose the next puzzle
// the same way: the nearest RATING_WINDOWS that holds one, a random one in it.
import type { PuzzleRating, PuzzleTheme } from '@fg/protocol';
import type { Puzzle } from '@fg/puzzles';
import type { Side } from '@fg/rules';

/** What the next puzzle must be. */
export interface PuzzleQuery {
  readonly geese: number; // 13
  readonly rating: number; // the player's rating: the puzzle is near it
  readonly side?: Side; // only the fox's puzzles, or only the geese's
  readonly theme?: PuzzleTheme;
  readonly browser?: string; // leaves out the puzzles this browser has played
  readonly exclude?: readonly string[]; // and these (a pack being made)
}

/** What an attempt did. */
export interface AttemptOutcome {
  readonly counted: boolean; // false: the browser had played the puzzle already; nothing changed
  readonly puzzle: Puzzle; // as it is now
}

/** How the puzzle's rating changes with a counted attempt (the caller's Glicko-2 step). */
export type RatePuzzle = (puzzle: Puzzle) => PuzzleRating;

/** Storage of puzzles. Every write is durable once its promise resolves. */
export interface PuzzleStore {
  /** Stores the puzzles whose id is not stored yet; how many were new. */
  add(puzzles: readonly Puzzle[]): Promise<number>;
  /** The puzzle with this id, or null. */
  get(id: string): Promise<Puzzle | null>;
  /** Replaces a stored puzzle's level-8 grade and rating (the build's grading). */
  grade(id: string, level8Missed: boolean, rating: PuzzleRating): Promise<void>;
  /** A puzzle near the query's rating (the nearest window that has one, a random one in it), or null. */
  next(query: PuzzleQuery): Promise<Puzzle | null>;
  /** The puzzle of a day (`2026-12-05`): the same for everyone that day, or null when there are none. */
  daily(geese: number, day: string): Promise<Puzzle | null>;
  /** Counts an attempt once per puzzle and browser (every attempt without one); null for an unknown id. */
  attempt(id: string, browser: string | null, rate: RatePuzzle): Promise<AttemptOutcome | null>;
  /** Up to `limit` puzzles of a geese count in id order after `after` (the build and the check read them all). */
  page(geese: number, after: string, limit: number): Promise<Puzzle[]>;
  /** A build's saved progress (JSON), or null. */
  progress(name: string): Promise<string | null>;
  /** Saves a build's progress. */
  saveProgress(name: string, json: string): Promise<void>;
  /** Closes the store; no call may follow. */
  close(): Promise<void>;
}

/** The rating windows tried in turn around a rating: the nearest that holds a puzzle gives it. */
export const RATING_WINDOWS = [100, 200, 400, 800, Infinity] as const;

/** A number in [0, n) from a day's text: every server picks the same daily puzzle. */
export function dayIndex(day: string, n: number): number {
  let h = 2166136261;
  for (let i = 0; i < day.length; i++) h = Math.imul(h ^ day.charCodeAt(i), 16777619) >>> 0;
  return n === 0 ? 0 : h % n;
}

/** Whether a puzzle fits a query's side and theme. */
export function fits(puzzle: Puzzle, query: PuzzleQuery): boolean {
  return (
    puzzle.geese === query.geese &&
    (!query.side || puzzle.side === query.side) &&
    (!query.theme || puzzle.themes.includes(query.theme)) &&
    !query.exclude?.includes(puzzle.id)
  );
}
