import { rmSync } from 'node:fs';

import { makePosition, positionKey } from '@fg/rules';
import { openSolution, type Solution } from '@fg/solver';
import { buildSmallTable } from '@fg/solver/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { checkPuzzle } from './check.js';
import { findLine } from './line.js';
import { canonicalKey, mirrored } from './mirror.js';
import { makePuzzle, type Puzzle } from './puzzle.js';
import { at, puzzleGround, SOLVED } from './testing.js';

let dir: string;
let solution: Solution;
/** Every puzzle the test table gives, made once. */
let puzzles: Puzzle[];
const rejected = new Map<string, number>();

beforeAll(async () => {
  dir = await buildSmallTable(7); // tiers 4..7: a few seconds, the first tier with puzzles that are not one-move wins
  solution = openSolution(dir, { geese: 13 })!;
  const seen = new Set<string>();
  puzzles = [];
  for (const position of [...puzzleGround(dir, solution, 6), ...puzzleGround(dir, solution, 7)]) {
    const key = canonicalKey(SOLVED.board, position);
    if (seen.has(key)) continue;
    seen.add(key);
    const made = makePuzzle(solution, SOLVED, { position, ply: null, source: { kind: 'self-play', id: 'test' } });
    if (typeof made === 'string') rejected.set(made, (rejected.get(made) ?? 0) + 1);
    else puzzles.push(made);
  }
}, 600_000); // a few seconds on a quiet machine; minutes on a busy one

afterAll(() => {
  solution?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('puzzles from a test table', () => {
  it('finds puzzles for both sides, and rejects the one-move wins a one-ply search sees', () => {
    const count = (side: string) => puzzles.filter((p) => p.side === side).length;
    expect({ fox: count('fox'), geese: count('geese') }).toEqual({ fox: 1, geese: 9 });
    expect(Object.fromEntries(rejected)).toEqual({ trivial: 765, 'several-keep': 405, 'not-won': 7 });
  });

  it('gives puzzles whose move is the only keeping one at every solver step', () => {
    for (const puzzle of puzzles) expect([puzzle.id, checkPuzzle(solution, SOLVED, puzzle)]).toEqual([puzzle.id, []]);
  });

  it('ends every line on a solver move, within four of them', () => {
    for (const { line } of puzzles) {
      expect(line.length % 2).toBe(1);
      expect(line.length).toBeLessThanOrEqual(7);
    }
  });

  it('gives the same id to a position and its mirror image', () => {
    const [puzzle] = puzzles;
    const position = at(puzzle!.position);
    const made = makePuzzle(solution, SOLVED, {
      position: mirrored(SOLVED.board, position),
      ply: null,
      source: { kind: 'self-play', id: 'mirror' },
    });
    expect(typeof made === 'string' ? made : made.id).toBe(puzzle!.id);
  });

  it.each([
    ['the fox wins whatever it plays', 'fox:d5 geese:c1,d1,e1,a3 turn:fox', 'several-keep'],
    ['the geese to move lose', 'fox:d5 geese:c1,d1,e1,a3 turn:geese', 'not-won'],
    ['more geese than the table holds', 'fox:d4 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3 turn:fox', 'beyond-table'],
    ['the game is over', 'fox:d5 geese:a5,g5,c7,d7,e7 turn:geese', 'game-over'],
  ])('gives no puzzle where %s', (_name, text, reason) => {
    expect(findLine(solution, SOLVED, at(text))).toBe(reason);
  });

  it('catches a puzzle that is not right', () => {
    const [puzzle] = puzzles;
    const other = { ...puzzle!, line: [...puzzle!.line.slice(0, -1), 'd1-d2'] };
    expect(checkPuzzle(solution, SOLVED, other)).not.toEqual([]);
    expect(checkPuzzle(solution, SOLVED, { ...puzzle!, id: 'AAAAAAAA' })).toEqual([
      `id AAAAAAAA is not its position's`,
    ]);
    expect(checkPuzzle(solution, SOLVED, { ...puzzle!, position: 'fox:z9' })[0]).toMatch(/^bad position/);
  });
});

describe('mirrored', () => {
  it('reflects files a <-> g and gives one key for both', () => {
    const position = at('fox:a3 geese:c1,d1,e1,b3,f4 turn:geese');
    const image = mirrored(SOLVED.board, position);
    expect(makePosition(SOLVED.board, image)).toBe('fox:g3 geese:c1,d1,e1,f3,b4 turn:geese quiet:0');
    expect(positionKey(mirrored(SOLVED.board, image))).toBe(positionKey(position));
    expect(canonicalKey(SOLVED.board, image)).toBe(canonicalKey(SOLVED.board, position));
  });
});
