// Puzzles in memory (docs/puzzles.md): for tests, and for nothing that must last.
import type { PuzzleRating } from '@fg/protocol';
import type { Puzzle } from '@fg/puzzles';

import {
  type AttemptOutcome,
  dayIndex,
  fits,
  type PuzzleQuery,
  type PuzzleStore,
  type RatePuzzle,
  RATING_WINDOWS,
} from '../../puzzles/puzzle-store.js';

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
