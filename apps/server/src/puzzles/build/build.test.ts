// The build on a test table (tiers 4..7): positions offered as stored games, puzzles stored once, graded by
// level 8, every stored one right against the table, and a second run that goes on from the saved progress.
import { rmSync } from 'node:fs';

import { checkPuzzle, type Puzzle } from '@fg/puzzles';
import { openSolution, type TableSolution } from '@fg/solver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MemoryPuzzleStore } from '../../store/memory/memory-puzzles.js';
import { buildTestTable, geeseWins, SOLVED } from '../../testing/solution-table.js';
import { buildPuzzles, everyPuzzle } from './build.js';
import type { GameReader, StoredGame } from './stored-games.js';

let dir: string;
let solution: TableSolution;
let games: StoredGame[];

beforeAll(async () => {
  dir = await buildTestTable(7);
  solution = openSolution(dir, { geese: 13 })!;
  // Games that begin where the geese of tier 7 win: one position each (the generator looks at every position).
  games = geeseWins(dir, solution, 7).map((start, i) => ({
    id: `game-${String(i).padStart(5, '0')}`,
    start,
    moves: [],
  }));
}, 600_000); // a few seconds on a quiet machine; minutes on a busy one

afterAll(() => {
  solution?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const reader = (list: readonly StoredGame[]): GameReader =>
  async function* (after) {
    yield* list.filter((g) => g.id > after);
  };

describe('buildPuzzles', () => {
  it('stores each puzzle once, grades it with level 8, and every stored one is right', async () => {
    const store = new MemoryPuzzleStore();
    const lines: string[] = [];
    const report = await buildPuzzles(store, solution, SOLVED, reader(games), {
      count: 1000,
      games: 0,
      log: (line) => lines.push(line),
    });
    expect(report.bySide).toEqual({ fox: 0, geese: 9 });
    expect(report.added).toBe(9);
    expect(report.graded).toBe(9);
    const stored = [];
    for await (const puzzle of everyPuzzle(store, 13)) stored.push(puzzle);
    expect(stored).toHaveLength(9);
    for (const puzzle of stored) {
      expect([puzzle.id, checkPuzzle(solution, SOLVED, puzzle)]).toEqual([puzzle.id, []]);
      expect(puzzle.level8Missed).not.toBeNull();
      expect(puzzle.source.kind).toBe('game');
    }
    expect(lines.at(-1)).toMatch(/^done: .*puzzles fox 0 geese 9/);

    // Run again: the stored games are not read again, the puzzles not made again.
    const again = await buildPuzzles(store, solution, SOLVED, reader(games), { count: 1000, games: 0 });
    expect(again.added).toBe(0);
    expect(again.graded).toBe(0);
    expect(again.progress.games).toBe(report.progress.games);
    expect(again.progress.storedAfter).toBe(games.at(-1)!.id);
  }, 180_000);

  it('looks at endgame starts for the puzzles of 8 geese or fewer, and goes on from the saved start', async () => {
    const store = new MemoryPuzzleStore();
    const options = { count: 1000, games: 0, endgame: 1000, endgameStarts: 300, grade: false };
    const report = await buildPuzzles(store, solution, SOLVED, reader([]), options);
    expect(report.progress.endgame).toBe(300);
    const stored: Puzzle[] = [];
    for await (const puzzle of everyPuzzle(store, 13)) stored.push(puzzle);
    for (const puzzle of stored) {
      expect([puzzle.id, checkPuzzle(solution, SOLVED, puzzle)]).toEqual([puzzle.id, []]);
      expect([puzzle.source.kind, puzzle.themes.includes('endgame')]).toEqual(['endgame', true]);
    }
    // Run again: the next 300 starts, not the same ones.
    const again = await buildPuzzles(store, solution, SOLVED, reader([]), options);
    expect(again.progress.endgame).toBe(600);
    expect(again.progress.positions).toBeGreaterThan(report.progress.positions);
  }, 300_000);

  it('stops looking at a side once it has the puzzles asked for', async () => {
    const store = new MemoryPuzzleStore();
    const report = await buildPuzzles(store, solution, SOLVED, reader(games), { count: 3, games: 0, grade: false });
    expect(report.bySide.geese).toBe(3);
  }, 180_000);
});
