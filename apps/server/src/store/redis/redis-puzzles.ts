// Puzzles in Redis (the shared mode): a hash per puzzle, `fg:puzzle:<id>` (its JSON under `puzzle`); per
// geese count, a sorted set of every id (for paging and the daily puzzle), a sorted set per side scored by
// rating (for the next puzzle) and a set per theme; per browser, the set of puzzles it has played.
import type { PuzzleRating } from '@fg/protocol';
import type { Puzzle } from '@fg/puzzles';
import type { Side } from '@fg/rules';
import type { Redis } from 'ioredis';

import {
  type AttemptOutcome,
  dayIndex,
  fits,
  type PuzzleQuery,
  type PuzzleStore,
  type RatePuzzle,
  RATING_WINDOWS,
} from '../../puzzles/puzzle-store.js';
import { defineScript, type Script } from './redis-keys.js';

/** The keys of the puzzle store. */
const puzzleKeys = {
  puzzle: (id: string) => `fg:puzzle:${id}`, // hash: puzzle (JSON)
  ids: (geese: number) => `fg:puzzles:${geese}:ids`, // sorted set, every score 0: ids in order
  bySide: (geese: number, side: Side) => `fg:puzzles:${geese}:${side}`, // sorted set: id by rating
  theme: (geese: number, theme: string) => `fg:puzzles:${geese}:theme:${theme}`, // set of ids
  played: (browser: string) => `fg:puzzles:played:${browser}`, // set of the ids a browser has played
  progress: 'fg:puzzles:progress', // hash: build name -> JSON
};

/** How long a browser's played puzzles are remembered after its last attempt. */
const PLAYED_KEEP_SECONDS = 400 * 86_400;
/** Candidates read from a window at most (a random one of those that fit is served). */
const WINDOW_READ = 500;

// KEYS: puzzle, ids, bySide, then the theme sets; ARGV: id, JSON, rating. Stores a puzzle not stored yet.
const ADD = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'puzzle', ARGV[2])
redis.call('ZADD', KEYS[2], 0, ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
for i = 4, #KEYS do redis.call('SADD', KEYS[i], ARGV[1]) end
return 1
`;

// KEYS: puzzle, bySide, played (or the puzzle again when no browser); ARGV: id, JSON read, JSON new, rating,
// browser ('' for none), keep seconds. Writes only if the puzzle is still as read: 'ok', 'played' or 'changed'.
const RATE = `
if redis.call('HGET', KEYS[1], 'puzzle') ~= ARGV[2] then return 'changed' end
if ARGV[5] ~= '' then
  if redis.call('SADD', KEYS[3], ARGV[1]) == 0 then return 'played' end
  redis.call('EXPIRE', KEYS[3], ARGV[6])
end
redis.call('HSET', KEYS[1], 'puzzle', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
return 'ok'
`;

/** A PuzzleStore in Redis. */
export class RedisPuzzleStore implements PuzzleStore {
  readonly #redis: Redis;
  readonly #add: Script;
  readonly #rate: Script;
  readonly #random: () => number;

  constructor(redis: Redis, random: () => number = Math.random) {
    this.#redis = redis;
    this.#random = random;
    this.#add = defineScript(redis, 'fgPuzzleAdd', null, ADD);
    this.#rate = defineScript(redis, 'fgPuzzleRate', 3, RATE);
  }

  async add(puzzles: readonly Puzzle[]): Promise<number> {
    const added = await Promise.all(
      puzzles.map((p) => {
        const keys = [
          puzzleKeys.puzzle(p.id),
          puzzleKeys.ids(p.geese),
          puzzleKeys.bySide(p.geese, p.side),
          ...p.themes.map((t) => puzzleKeys.theme(p.geese, t)),
        ];
        return this.#add(keys.length, ...keys, p.id, JSON.stringify(p), p.rating.rating);
      }),
    );
    return added.reduce((n: number, one) => n + Number(one), 0);
  }

  async get(id: string): Promise<Puzzle | null> {
    const json = await this.#redis.hget(puzzleKeys.puzzle(id), 'puzzle');
    return json === null ? null : (JSON.parse(json) as Puzzle);
  }

  async grade(id: string, level8Missed: boolean, rating: PuzzleRating): Promise<void> {
    await this.#update(id, null, (puzzle) => ({ ...puzzle, level8Missed, rating }));
  }

  /**
   * Rewrites a puzzle as `change` makes it from the stored one, again from the new one when another write came
   * first; with a browser, only at its first attempt. The puzzle before and after, 'played', or null (no such id).
   */
  async #update(
    id: string,
    browser: string | null,
    change: (puzzle: Puzzle) => Puzzle,
  ): Promise<{ before: Puzzle; after: Puzzle } | 'played' | null> {
    const key = puzzleKeys.puzzle(id);
    for (;;) {
      const json = await this.#redis.hget(key, 'puzzle');
      if (json === null) return null;
      const before = JSON.parse(json) as Puzzle;
      const after = change(before);
      const playedKey = browser ? puzzleKeys.played(browser) : key;
      const bySide = puzzleKeys.bySide(before.geese, before.side);
      const args = [id, json, JSON.stringify(after), after.rating.rating, browser ?? '', PLAYED_KEEP_SECONDS];
      const said = await this.#rate(key, bySide, playedKey, ...args);
      if (said === 'played') return 'played';
      if (said === 'ok') return { before, after };
    }
  }

  async next(query: PuzzleQuery): Promise<Puzzle | null> {
    const sides: Side[] = query.side ? [query.side] : ['fox', 'geese'];
    for (const window of RATING_WINDOWS) {
      const low = window === Infinity ? '-inf' : query.rating - window;
      const high = window === Infinity ? '+inf' : query.rating + window;
      const ids = (
        await Promise.all(
          sides.map((side) =>
            this.#redis.zrangebyscore(puzzleKeys.bySide(query.geese, side), low, high, 'LIMIT', 0, WINDOW_READ),
          ),
        )
      ).flat();
      const open = await this.#open(ids, query);
      if (open.length === 0) continue;
      const puzzle = await this.get(open[Math.floor(this.#random() * open.length)]!);
      if (puzzle && fits(puzzle, query)) return puzzle;
    }
    return null;
  }

  /** The ids of a window that have the query's theme and that its browser has not played. */
  async #open(ids: readonly string[], query: PuzzleQuery): Promise<string[]> {
    if (ids.length === 0) return [];
    const [themed, played] = await Promise.all([
      query.theme ? this.#redis.smismember(puzzleKeys.theme(query.geese, query.theme), ...ids) : null,
      query.browser ? this.#redis.smismember(puzzleKeys.played(query.browser), ...ids) : null,
    ]);
    return ids.filter(
      (id, i) => (!themed || themed[i] === 1) && (!played || played[i] === 0) && !query.exclude?.includes(id),
    );
  }

  async daily(geese: number, day: string): Promise<Puzzle | null> {
    const n = await this.#redis.zcard(puzzleKeys.ids(geese));
    if (n === 0) return null;
    const i = dayIndex(day, n);
    const [id] = await this.#redis.zrange(puzzleKeys.ids(geese), String(i), String(i));
    return id === undefined ? null : this.get(id);
  }

  async attempt(id: string, browser: string | null, rate: RatePuzzle): Promise<AttemptOutcome | null> {
    const done = await this.#update(id, browser, (p) => ({ ...p, rating: rate(p), plays: p.plays + 1 }));
    if (done === null) return null;
    if (done === 'played') return { counted: false, puzzle: (await this.get(id))! };
    return { counted: true, puzzle: done.after };
  }

  async page(geese: number, after: string, limit: number): Promise<Puzzle[]> {
    const ids = await this.#redis.zrangebylex(puzzleKeys.ids(geese), after ? `(${after}` : '-', '+', 'LIMIT', 0, limit);
    if (ids.length === 0) return [];
    const jsons = await Promise.all(ids.map((id) => this.#redis.hget(puzzleKeys.puzzle(id), 'puzzle')));
    return jsons.filter((j): j is string => j !== null).map((j) => JSON.parse(j) as Puzzle);
  }

  async progress(name: string): Promise<string | null> {
    return this.#redis.hget(puzzleKeys.progress, name);
  }

  async saveProgress(name: string, json: string): Promise<void> {
    await this.#redis.hset(puzzleKeys.progress, name, json);
  }

  async close(): Promise<void> {}
}
