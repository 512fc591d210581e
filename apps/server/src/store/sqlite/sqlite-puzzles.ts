// Puzzles in SQLite: their own file, puzzles.sqlite, beside the tables' database in the data folder, so the
// build (another process, while the server runs) never takes the lock the moves' group commit holds, and a set
// can be rebuilt or replaced without touching a game. One row per puzzle; attempts keep (puzzle, browser) pairs.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { PuzzleRating } from '@fg/protocol';
import type { Puzzle } from '@fg/puzzles';
import Database from 'libsql';

import {
  type AttemptOutcome,
  dayIndex,
  type PuzzleQuery,
  type PuzzleStore,
  type RatePuzzle,
  RATING_WINDOWS,
} from '../../puzzles/puzzle-store.js';
import { StartupError } from './sqlite-open.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS puzzles (
  id TEXT PRIMARY KEY,
  geese INTEGER NOT NULL,
  side TEXT NOT NULL,
  rating REAL NOT NULL,
  themes TEXT NOT NULL,
  puzzle TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzles_by_rating ON puzzles (geese, side, rating);
CREATE TABLE IF NOT EXISTS puzzle_attempts (
  puzzle_id TEXT NOT NULL,
  browser TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (puzzle_id, browser)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS puzzle_progress (name TEXT PRIMARY KEY, json TEXT NOT NULL);
`;

/** The database file of a data folder's puzzles. */
function puzzleDatabasePath(dataDir: string): string {
  return dataDir === ':memory:' ? ':memory:' : resolve(join(dataDir, 'puzzles.sqlite'));
}

/** How long a write waits for the build's lock (a build writes a game's puzzles in one short transaction). */
const BUSY_MS = 250;

type Row = { puzzle: string };

/** Runs `fn` in a write transaction taken at its start (a read that turns into a write could not wait for the lock). */
function immediate<R>(db: Database.Database, fn: () => R): R {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** A PuzzleStore in puzzles.sqlite. */
export class SqlitePuzzleStore implements PuzzleStore {
  readonly #db: Database.Database;
  readonly #statements;
  readonly #random: () => number;

  /** Opens (or creates) the data folder's puzzle database; throws a StartupError saying why it cannot. */
  constructor(dataDir: string, random: () => number = Math.random) {
    const path = puzzleDatabasePath(dataDir);
    try {
      if (dataDir !== ':memory:') mkdirSync(dataDir, { recursive: true });
      this.#db = new Database(path);
      this.#db.exec(`PRAGMA busy_timeout = ${BUSY_MS}`);
      this.#db.exec('PRAGMA journal_mode = WAL');
      this.#db.exec('PRAGMA synchronous = NORMAL');
      this.#db.exec(SCHEMA);
    } catch (error) {
      throw new StartupError(`cannot open the puzzle database ${path}: ${(error as Error).message}`);
    }
    const db = this.#db;
    this.#random = random;
    this.#statements = {
      insert: db.prepare(
        'INSERT OR IGNORE INTO puzzles (id, geese, side, rating, themes, puzzle) VALUES (@id, @geese, @side, @rating, @themes, @puzzle)',
      ),
      get: db.prepare<[string]>('SELECT puzzle FROM puzzles WHERE id = ?'),
      update: db.prepare('UPDATE puzzles SET rating = @rating, puzzle = @puzzle WHERE id = @id'),
      // The puzzles within a window that fit: counted, then one picked at a random offset.
      count: db.prepare(
        `SELECT count(*) AS n FROM puzzles WHERE geese = @geese AND (@side IS NULL OR side = @side)
           AND (@theme IS NULL OR themes LIKE '%,' || @theme || ',%') AND rating BETWEEN @low AND @high
           AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = puzzles.id AND a.browser = @browser)
           AND id NOT IN (SELECT value FROM json_each(@exclude))`,
      ),
      pick: db.prepare(
        `SELECT puzzle FROM puzzles WHERE geese = @geese AND (@side IS NULL OR side = @side)
           AND (@theme IS NULL OR themes LIKE '%,' || @theme || ',%') AND rating BETWEEN @low AND @high
           AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = puzzles.id AND a.browser = @browser)
           AND id NOT IN (SELECT value FROM json_each(@exclude))
         ORDER BY rating, id LIMIT 1 OFFSET CAST(@offset AS INTEGER)`,
      ),
      total: db.prepare<[number]>('SELECT count(*) AS n FROM puzzles WHERE geese = ?'),
      nth: db.prepare<[number, number]>(
        'SELECT puzzle FROM puzzles WHERE geese = ? ORDER BY id LIMIT 1 OFFSET CAST(? AS INTEGER)',
      ),
      played: db.prepare('INSERT OR IGNORE INTO puzzle_attempts (puzzle_id, browser, at) VALUES (?, ?, ?)'),
      page: db.prepare<[number, string, number]>(
        'SELECT puzzle FROM puzzles WHERE geese = ? AND id > ? ORDER BY id LIMIT CAST(? AS INTEGER)',
      ),
      progress: db.prepare<[string]>('SELECT json FROM puzzle_progress WHERE name = ?'),
      saveProgress: db.prepare(
        'INSERT INTO puzzle_progress (name, json) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET json = excluded.json',
      ),
    };
  }

  #write(puzzle: Puzzle): void {
    this.#statements.update.run({ id: puzzle.id, rating: puzzle.rating.rating, puzzle: JSON.stringify(puzzle) });
  }

  async add(puzzles: readonly Puzzle[]): Promise<number> {
    const { insert } = this.#statements;
    return immediate(this.#db, () => {
      let added = 0;
      for (const p of puzzles) {
        const row = {
          id: p.id,
          geese: p.geese,
          side: p.side,
          rating: p.rating.rating,
          themes: `,${p.themes.join(',')},`,
        };
        added += insert.run({ ...row, puzzle: JSON.stringify(p) }).changes;
      }
      return added;
    });
  }

  async get(id: string): Promise<Puzzle | null> {
    const row = this.#statements.get.get(id) as Row | undefined;
    return row ? (JSON.parse(row.puzzle) as Puzzle) : null;
  }

  async grade(id: string, level8Missed: boolean, rating: PuzzleRating): Promise<void> {
    const puzzle = await this.get(id);
    if (puzzle) this.#write({ ...puzzle, level8Missed, rating });
  }

  async next(query: PuzzleQuery): Promise<Puzzle | null> {
    const base = {
      geese: query.geese,
      side: query.side ?? null,
      theme: query.theme ?? null,
      browser: query.browser ?? '',
      exclude: JSON.stringify(query.exclude ?? []),
    };
    for (const window of RATING_WINDOWS) {
      const bounds = { ...base, low: query.rating - window, high: query.rating + window };
      if (window === Infinity) Object.assign(bounds, { low: -1e9, high: 1e9 });
      const { n } = this.#statements.count.get(bounds) as { n: number };
      if (n === 0) continue;
      const row = this.#statements.pick.get({ ...bounds, offset: Math.floor(this.#random() * n) }) as Row;
      return JSON.parse(row.puzzle) as Puzzle;
    }
    return null;
  }

  async daily(geese: number, day: string): Promise<Puzzle | null> {
    const { n } = this.#statements.total.get(geese) as { n: number };
    if (n === 0) return null;
    const row = this.#statements.nth.get(geese, dayIndex(day, n)) as Row;
    return JSON.parse(row.puzzle) as Puzzle;
  }

  async attempt(id: string, browser: string | null, rate: RatePuzzle): Promise<AttemptOutcome | null> {
    return immediate(this.#db, (): AttemptOutcome | null => {
      const row = this.#statements.get.get(id) as Row | undefined;
      if (!row) return null;
      const puzzle = JSON.parse(row.puzzle) as Puzzle;
      if (browser && this.#statements.played.run(id, browser, Date.now()).changes === 0)
        return { counted: false, puzzle };
      const rated = { ...puzzle, rating: rate(puzzle), plays: puzzle.plays + 1 };
      this.#write(rated);
      return { counted: true, puzzle: rated };
    });
  }

  async page(geese: number, after: string, limit: number): Promise<Puzzle[]> {
    const rows = this.#statements.page.all(geese, after, limit) as Row[];
    return rows.map((r) => JSON.parse(r.puzzle) as Puzzle);
  }

  async progress(name: string): Promise<string | null> {
    return (this.#statements.progress.get(name) as { json: string } | undefined)?.json ?? null;
  }

  async saveProgress(name: string, json: string): Promise<void> {
    this.#statements.saveProgress.run(name, json);
  }

  async close(): Promise<void> {
    this.#db.close();
  }
}
