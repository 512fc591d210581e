// A whole small solve (tiers 4..6) end to end: the file and its header, summary.json, the lookup
// API, games where the winner plays only `keep` moves, and the command lines.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  applyMove,
  EMPTY,
  FOX,
  generateMoves,
  GOOSE,
  makeMoveText,
  makePosition,
  newGame,
  playMoveText,
  type Position,
} from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { tableFolder, tablePath } from './dir.js';
import { colexUnrank, POINTS } from './geometry.js';
import { openSolution, type Solution } from './lookup.js';
import { diskShortage, memoryShortage, solveMemory } from './resources.js';
import { type BuildResult, buildTable } from './solve.js';
import { writeSummary } from './summary.js';
import { checksum, HEADER_BYTES, readHeader } from './table-file.js';
import { random, STANDARD, tierRecords } from './testing.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let dir = '';
let build: BuildResult;
let solution: Solution;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'solver-e2e-'));
  build = await buildTable({ geese: 13, upTo: 6, dir, format: 1 });
  solution = openSolution(dir, { geese: 13 })!;
});
afterAll(() => {
  solution.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The figures of tiers 4..6, established by this solve and checked against the minimax (dp.test.ts). */
const TIERS = [
  {
    geese: 4,
    sets: 40920,
    foxToMove: { positions: 1186680, foxWins: 1186680 },
    geeseToMove: { positions: 1186680, geeseWins: 0 },
  },
  {
    geese: 5,
    sets: 237336,
    foxToMove: { positions: 6645408, foxWins: 6645408 },
    geeseToMove: { positions: 6645408, geeseWins: 0 },
  },
  {
    geese: 6,
    sets: 1107568,
    foxToMove: { positions: 29904336, foxWins: 29904324 },
    geeseToMove: { positions: 29904336, geeseWins: 57 },
  },
];

/** A position with these geese and the fox on its point. */
function place(geese: readonly number[], fox: number, turn: 'fox' | 'geese'): Position {
  const cells = new Uint8Array(POINTS).fill(EMPTY);
  for (const p of geese) cells[p] = GOOSE;
  cells[fox] = FOX;
  return { cells, turn, quiet: 0 };
}

describe('the table file', () => {
  it('has the documented header, size and per-tier figures, and its checksums hold', () => {
    const path = tablePath(dir, 13);
    const header = readHeader(path);
    expect(header).toMatchObject({
      format: 1,
      variant: 'standard',
      options: { geese: 13, sideways: false },
      minGeese: 4,
      maxGeese: 6,
    });
    expect(
      header.tiers.map(({ geese, sets, foxToMove, geeseToMove }) => ({ geese, sets, foxToMove, geeseToMove })),
    ).toEqual(TIERS);
    expect(statSync(path).size).toBe(HEADER_BYTES + 8 * (40920 + 237336 + 1107568));
    for (const t of header.tiers) {
      const { fw, gw } = tierRecords(dir, t.geese);
      expect({ fw: checksum(fw), gw: checksum(gw) }).toEqual(t.checksum);
    }
  });

  it('has summary.json beside it, with the same figures', () => {
    const summary = writeSummary(dir, build);
    const written = JSON.parse(readFileSync(join(dir, 'standard-13', 'summary.json'), 'utf8')) as typeof summary;
    expect(written).toEqual(summary);
    expect(written.tiers).toEqual(TIERS);
    expect(written.start).toBeNull(); // 13 geese are beyond a test table
  });
});

describe('the resources a build needs', () => {
  it('are known before it starts, and a shortage is refused with the amount needed', () => {
    expect(solveMemory(13)).toBe(4 * (2 * 573166440 + 354817320 + 193536720) + 256 * 2 ** 20);
    expect(memoryShortage(1e15)).toMatch(
      /^not enough memory: the solve needs 1000000\.0 GB of RAM; [\d.]+ GB is free of [\d.]+ GB/,
    );
    expect(memoryShortage(1)).toBeNull();
    expect(diskShortage(dir, 1e15)).toMatch(
      /^not enough disk space in .*: the solve needs 1000000\.0 GB more; [\d.]+ GB is free$/,
    );
    expect(diskShortage(dir, 1)).toBeNull();
  });

  it('pnpm solve says what is wrong with its words', () => {
    const solve = (args: string[]) =>
      spawnSync('pnpm', ['--silent', 'solve', ...args], { cwd: root, encoding: 'utf8' });
    expect(solve(['big-cross'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('expected the variant standard'),
    });
    expect(solve(['standard', '--geese', '14'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('bad --geese 14; expected 13 | 15 | 17\n'),
    });
    expect(solve(['standard', '--sideways=maybe'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining(
        'bad --sideways "maybe"; expected --sideways, --sideways=true or --sideways=false',
      ),
    });
  });
});

describe('the lookup', () => {
  it('refuses positions with more geese than the table holds, and answers those with fewer than 4', () => {
    const seven = place([0, 1, 2, 3, 4, 5, 6], 16, 'fox');
    expect(solution.covers(seven)).toBe(false);
    expect(() => solution.verdict(seven)).toThrow(/at most 6 geese; this one has 7/);
    expect(solution.verdict(place([0, 1, 2], 16, 'geese'))).toEqual({ winner: 'fox', keep: [] });
    expect(openSolution(join(dir, 'nowhere'), { geese: 13 })).toBeNull();
    expect(openSolution(dir, { geese: 15 })).toBeNull();
  });

  it('refuses a table cut short (a copy that stopped) when it opens, naming both sizes', () => {
    const whole = readFileSync(tablePath(dir, 13));
    const cut = mkdtempSync(join(tmpdir(), 'solver-cut-'));
    try {
      mkdirSync(tableFolder(cut, 13));
      writeFileSync(tablePath(cut, 13), whole.subarray(0, whole.length - 4096));
      expect(() => openSolution(cut, { geese: 13 })).toThrow(
        `${tablePath(cut, 13)} is ${whole.length - 4096} bytes where its header says ${whole.length}: is it whole? Copy or build it again`,
      );
    } finally {
      rmSync(cut, { recursive: true, force: true });
    }
  });

  it.each([1, 2, 3])('seed %i: the winner playing only keep moves wins against any moves', (seed) => {
    const next = random(seed);
    const { fw, gw } = tierRecords(dir, 6);
    const starts: Position[] = [];
    // Every geese-won position of tier 6, and as many random fox-won ones.
    for (let rank = 0; rank < fw.length; rank++) {
      if (gw[rank] === 0) continue;
      const set = colexUnrank(rank, 6);
      const free = [...Array(POINTS).keys()].filter((p) => !set.includes(p));
      free.forEach((f, j) => {
        if ((gw[rank]! >>> j) & 1) starts.push(place(set, f, 'geese'));
      });
    }
    const geeseWon = starts.length;
    while (starts.length < 2 * geeseWon) {
      const points = [...Array(POINTS).keys()].sort(() => next() - 0.5);
      starts.push(place(points.slice(0, 6), points[6]!, next() < 0.5 ? 'fox' : 'geese'));
    }
    for (const start of starts) {
      const { winner } = solution.verdict(start);
      let game = newGame(STANDARD, start);
      while (game.result === null) {
        const { position } = game;
        let move: string;
        if (position.turn === winner) {
          const { keep, winner: now } = solution.verdict(position);
          expect(now).toBe(winner);
          move = keep[Math.floor(next() * keep.length)]!;
        } else {
          const moves = generateMoves(STANDARD, position);
          move = makeMoveText(STANDARD.board, moves[Math.floor(next() * moves.length)]!);
          expect(solution.winner(applyMove(STANDARD, position, moves[0]!))).toBe(winner);
        }
        const played = playMoveText(game, move);
        if (!played.ok) throw new Error(played.error.message);
        game = played.value;
      }
      expect(game.result.winner, makePosition(STANDARD.board, start)).toBe(winner);
    }
    expect(geeseWon).toBe(57);
  });
});

/** Runs `pnpm --silent rules ...` from the repository root with the test table installed. */
function rules(
  args: string[],
  input?: string,
  solutions = dir,
): { status: number | null; stdout: string; stderr: string } {
  return spawnSync('pnpm', ['--silent', 'rules', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, SOLUTION_DIR: solutions },
  });
}

describe('rules solve', () => {
  it.each([
    ['fox:c7 geese:c5,d5,e5,c6,d6,e6 turn:fox', 'winner: fox\nkeep: c7-d7\n'],
    ['fox:c7 geese:c5,d5,e5,c6,d6,e6 turn:geese', 'winner: fox\nkeep: \n'],
    ['fox:d4 geese:a3,b3 turn:fox', 'winner: fox\nkeep: \n'],
  ])('%s', (position, expected) => {
    const out = rules(['solve', 'standard', '--geese', '13', '--position', position]);
    expect(out).toMatchObject({ status: 0, stdout: expected, stderr: '' });
  });

  it('exits 2 without a table, with too many geese for the table or for the options', () => {
    expect(rules(['solve', 'standard', '--geese', '13'], undefined, join(dir, 'none'))).toMatchObject({
      status: 2,
      stdout: '',
    });
    expect(rules(['solve', 'standard'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('at most 6 geese; this one has 13'),
    });
    expect(rules(['solve', 'standard', '--sideways'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('sideways'),
    });
    const fourteen = 'fox:d7 geese:a3,b3,c3,d3,e3,f3,g3,c2,d2,e2,c1,d1,e1,d4 turn:fox';
    expect(rules(['solve', 'standard', '--position', fourteen])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('too many geese'),
    });
  });

  it('answers solve lines in batch', () => {
    const out = rules(
      ['batch'],
      'solve standard --position "fox:c7 geese:c5,d5,e5,c6,d6,e6 turn:fox"\nperft standard 1\nsolve standard\n',
    );
    expect(out.stdout).toBe(
      'winner: fox\nkeep: c7-d7\n.\n5\n.\nerror: the table in ' +
        tablePath(dir, 13) +
        ' answers positions with at most 6 geese; this one has 13\n.\n',
    );
  });
});
