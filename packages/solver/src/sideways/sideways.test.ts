// The solve with sideways moves, checked three ways: the fixed point by levels and rounds against a
// plain retrograde analysis on every position of 4 to 6 geese; the same kernel without sideways
// moves against the solve of the game without them; a built test table against itself one ply on.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { applyMove, FOX, generateMoves, getVariant, GOOSE, type Position } from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { choose, colexUnrank, POINTS } from '../geometry.js';
import { buildSmallSidewaysTable, buildSmallTable, random, tierRecords } from '../testing.js';
import { buildWdlTable, wdlPath } from './build.js';
import { DRAW, explicitSolve, LOSS, WIN } from './explicit.js';
import { openWdlSolution, type Outcome, type WdlSolution } from './lookup.js';
import { solveInMemory } from './memory.js';
import { readWdlHeader } from './table-file.js';

const SIDEWAYS = (() => {
  const v = getVariant('standard', { geese: 13, sideways: true });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();

/** Tiers 4..6 with sideways moves: fox to move [wins, draws, losses], geese to move [wins, draws, losses], rounds. */
const FIGURES = [
  [4, [738617, 448063, 0], [0, 834543, 352137], 8],
  [5, [1494903, 5150505, 0], [0, 6522917, 122491], 7],
  [6, [2794300, 27110024, 12], [107, 29880723, 23506], 4],
] as const;

describe('the fixed point against a plain retrograde analysis, every position of 4 to 6 geese', () => {
  it('agrees on every position, both sides to move', async () => {
    const plain = explicitSolve(6, true);
    const fixed = await solveInMemory(6, { sideways: true, keepGeese: true });
    for (const tier of fixed) {
      const other = plain[tier.k - 4]!;
      const wrong: string[] = [];
      const tally = { fox: [0, 0, 0], geese: [0, 0, 0] };
      for (let rank = 0; rank < tier.fw.length; rank++) {
        const set = colexUnrank(rank, tier.k);
        let j = 0;
        for (let f = 0; f < POINTS; f++) {
          if (set.includes(f)) continue;
          const value = (w: number, l: number): number => ((w >>> j) & 1 ? WIN : (l >>> j) & 1 ? LOSS : DRAW);
          const fox = value(tier.fw[rank]!, tier.fl[rank]!);
          const geese = value(tier.gw![rank]!, tier.gl![rank]!);
          if ((fox !== other.fox[rank * POINTS + f] || geese !== other.geese[rank * POINTS + f]) && wrong.length < 5)
            wrong.push(
              `${set.join(',')} fox ${f}: ${fox}/${geese} against ${other.fox[rank * POINTS + f]}/${other.geese[rank * POINTS + f]}`,
            );
          tally.fox[[WIN, DRAW, LOSS].indexOf(fox)]!++;
          tally.geese[[WIN, DRAW, LOSS].indexOf(geese)]!++;
          j++;
        }
      }
      expect(wrong).toEqual([]);
      const [, fox, geese, rounds] = FIGURES[tier.k - 4]!;
      expect(tally).toEqual({ fox, geese });
      expect([tier.counts.foxWins, tier.counts.foxLosses]).toEqual([fox[0], fox[2]]);
      expect([tier.counts.geeseWins, tier.counts.geeseLosses]).toEqual([geese[0], geese[2]]);
      expect(tier.rounds).toBe(rounds);
    }
  }, 300_000);

  it('without sideways moves gives the table of the game without them, with no draw', async () => {
    const dir = await buildSmallTable(5);
    try {
      for (const tier of await solveInMemory(5, { sideways: false })) {
        const { fw } = tierRecords(dir, tier.k);
        const full = (1 << (POINTS - tier.k)) - 1;
        expect(Buffer.from(tier.fw.buffer).equals(Buffer.from(fw.buffer))).toBe(true);
        expect(tier.fl.every((l, rank) => l === (~fw[rank]! & full) >>> 0)).toBe(true);
        expect(tier.rounds).toBe(1);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a built test table with sideways moves (tiers 4..6)', () => {
  let dir = '';
  let solution: WdlSolution;
  beforeAll(async () => {
    dir = await buildSmallSidewaysTable(6); // built saving after every level, once per test run
    solution = openWdlSolution(dir, { geese: 13 })!;
  });
  afterAll(() => {
    solution.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds the figures of the analysis in its header', () => {
    const header = readWdlHeader(wdlPath(dir, 13));
    expect(
      header.tiers.map((t) => [
        t.geese,
        [t.foxToMove.foxWins, t.foxToMove.draws, t.foxToMove.foxLosses],
        [t.geeseToMove.geeseWins, t.geeseToMove.draws, t.geeseToMove.geeseLosses],
        t.rounds,
      ]),
    ).toEqual(FIGURES);
    expect(header.tiers.map((t) => [t.sets, t.foxToMove.positions, t.quietPlies])).toEqual(
      [4, 5, 6].map((k, i) => [choose(POINTS, k), choose(POINTS, k) * (POINTS - k), 2 * FIGURES[i]![3]]),
    );
  });

  it('values every position as the best of its moves, one ply on (2,000 random positions)', () => {
    const next = random(43);
    const flip: Record<Outcome, Outcome> = { win: 'loss', loss: 'win', draw: 'draw' };
    const seen = { win: 0, draw: 0, loss: 0 };
    for (let n = 0; n < 2000; n++) {
      const k = 4 + Math.floor(next() * 3);
      const cells = new Uint8Array(POINTS);
      const points = [...Array(POINTS).keys()].sort(() => next() - 0.5);
      for (const p of points.slice(0, k)) cells[p] = GOOSE;
      cells[points[k]!] = FOX;
      const position: Position = { cells, turn: next() < 0.5 ? 'fox' : 'geese', quiet: 0 };
      const now = solution.outcome(position);
      const after = generateMoves(SIDEWAYS, position).map(
        (m) => flip[solution.outcome(applyMove(SIDEWAYS, position, m))],
      );
      const best = after.includes('win') ? 'win' : after.includes('draw') ? 'draw' : 'loss';
      expect(now).toBe(best);
      seen[now]++;
      const verdict = solution.verdict(position);
      expect(verdict.winner).toBe(
        now === 'draw' ? null : now === 'win' ? position.turn : position.turn === 'fox' ? 'geese' : 'fox',
      );
      expect(verdict.keep.length).toBe(now === 'loss' ? 0 : after.filter((a) => a === now).length);
      expect(verdict.exact).toBe(true); // quiet 0, and at most 16 quiet plies in a level
    }
    // The sample held every value.
    expect(Object.values(seen).every((c) => c > 20)).toBe(true);
  });

  it('says when the fifty-move rule may turn a win into a draw', () => {
    const cells = new Uint8Array(POINTS);
    const named = (p: string): number => SIDEWAYS.board.points.findIndex((q) => q.name === p);
    for (const p of ['c1', 'd1', 'e1', 'd3']) cells[named(p)] = GOOSE;
    cells[named('d4')] = FOX;
    const position: Position = { cells, turn: 'fox', quiet: 0 };
    expect(solution.verdict(position)).toEqual({ winner: 'fox', keep: ['d4xd2'], exact: true });
    expect(solution.verdict({ ...position, quiet: 83 }).exact).toBe(true);
    expect(solution.verdict({ ...position, quiet: 84 }).exact).toBe(false);
  });

  it('answers rules solve --sideways: winner fox | geese | draw and the moves that keep it', () => {
    const root = fileURLToPath(new URL('../../../..', import.meta.url));
    const solve = (position: string) =>
      spawnSync('pnpm', ['--silent', 'rules', 'solve', 'standard', '--sideways', '--position', position], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, SOLUTION_DIR: dir },
      });
    expect(solve('fox:d4 geese:c1,d1,e1,d3 turn:fox')).toMatchObject({
      status: 0,
      stdout: 'winner: fox\nkeep: d4xd2\n',
    });
    expect(solve('fox:d4 geese:c1,d1,e1,d3 turn:geese')).toMatchObject({
      status: 0,
      stdout: 'winner: draw\nkeep: d3-c3 d3-e3\n',
    });
    expect(solve('fox:d7 geese:a3,b3,c3,d3,e3,f3,g3 turn:fox')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('at most 6 geese; this one has 7'),
    });
  });

  it('resumes a build stopped after a level and writes the same table', async () => {
    const other = mkdtempSync(join(tmpdir(), 'solver-sideways-resume-'));
    try {
      await expect(buildWdlTable({ geese: 13, upTo: 6, dir: other, stopAfterLevels: 30 })).rejects.toThrow(
        'stopped after 30 levels',
      );
      const state = JSON.parse(readFileSync(join(other, 'standard-13-sideways', 'state.json'), 'utf8')) as {
        partial: { k: number } | null;
      };
      expect(state.partial?.k).toBe(5);
      const resumed = await buildWdlTable({ geese: 13, upTo: 6, dir: other });
      expect(resumed.resumed).toBe(true);
      expect(readFileSync(wdlPath(other, 13)).equals(readFileSync(wdlPath(dir, 13)))).toBe(true);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
