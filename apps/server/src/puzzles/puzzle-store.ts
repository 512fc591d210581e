// Where puzzles are kept (docs/puzzles.md): the port the routes and the build use, and its memory
// adapter (tests). SQLite keeps them in puzzles.sqlite beside the tables' database, Redis in a hash
// per puzzle with sorted sets by rating; both choose the next puzzle the same way (nearestWindows).
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
    (!query.theme || puzzle.themes.includes(query.theme))
  );
}

/** Puzzles in memory: for tests that give the app a store of their own. */
export class MemoryPuzzleStore implements PuzzleStore {
  readonly #puzzles = new Map<string, Puzzle>();
  readonly #played = new Set<string>(); // `${id}/${browser}`
  readonly #progress = new Map<string, string>();
  readonly #random: () => number;

  constructor(random: () => number = Math.random) {
    this.#random = random;
  }

  async add(puzzles: readonly Puzzle[]): Promise<number> {
    let added = 0;
    for (const puzzle of puzzles) {
      if (this.#puzzles.has(puzzle.id)) continue;
      this.#puzzles.set(puzzle.id, puzzle);
      added++;
    }
    return added;
  }

  async get(id: string): Promise<Puzzle | null> {
    return this.#puzzles.get(id) ?? null;
  }

  async grade(id: string, level8Missed: boolean, rating: PuzzleRating): Promise<void> {
    const puzzle = this.#puzzles.get(id);
    if (puzzle) this.#puzzles.set(id, { ...puzzle, level8Missed, rating });
  }

  async next(query: PuzzleQuery): Promise<Puzzle | null> {
    const open = [...this.#puzzles.values()].filter(
      (p) => fits(p, query) && !(query.browser && this.#played.has(`${p.id}/${query.browser}`)),
    );
    for (const window of RATING_WINDOWS) {
      const near = open.filter((p) => Math.abs(p.rating.rating - query.rating) <= window);
      if (near.length > 0) return near[Math.floor(this.#random() * near.length)]!;
    }
    return null;
  }

  async daily(geese: number, day: string): Promise<Puzzle | null> {
    const all = [...this.#puzzles.values()].filter((p) => p.geese === geese).sort((a, b) => (a.id < b.id ? -1 : 1));
    return all[dayIndex(day, all.length)] ?? null;
  }

  async attempt(id: string, browser: string | null, rate: RatePuzzle): Promise<AttemptOutcome | null> {
    const puzzle = this.#puzzles.get(id);
    if (!puzzle) return null;
    if (browser && this.#played.has(`${id}/${browser}`)) return { counted: false, puzzle };
    if (browser) this.#played.add(`${id}/${browser}`);
    const rated = { ...puzzle, rating: rate(puzzle), plays: puzzle.plays + 1 };
    this.#puzzles.set(id, rated);
    return { counted: true, puzzle: rated };
  }

  async page(geese: number, after: string, limit: number): Promise<Puzzle[]> {
    return [...this.#puzzles.values()]
      .filter((p) => p.geese === geese && p.id > after)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  async progress(name: string): Promise<string | null> {
    return this.#progress.get(name) ?? null;
  }

  async saveProgress(name: string, json: string): Promise<void> {
    this.#progress.set(name, json);
  }

  async close(): Promise<void> {}
}
