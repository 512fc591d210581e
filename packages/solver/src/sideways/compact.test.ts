// The table with sideways moves in format 2 (convert.ts, compact.ts): a test table of tiers 4..6 converted
// from its raw wdl-1 file, held against the file on every position with the fox to move, against the
// kernel's own geese-to-move values on every position with the geese to move (one ply of goose moves over
// the stored fox-to-move sets, sideways steps included: the claim format 2 rests on), and through the
// reader the server uses against the raw reader, both sides to move.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { FOX, getVariant, GOOSE, type Position } from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { canonicalIndex, canonicalSets, mirrorFreeMask } from '../canonical.js';
import { readCompact } from '../compact-file.js';
import { choose, POINTS } from '../geometry.js';
import { buildSmallSidewaysTable, random } from '../testing.js';
import { wdlCompactPath, wdlPath } from './build.js';
import { compactWdlSolution } from './compact.js';
import { convertWdlTable, recordConversion } from './convert.js';
import { openRawWdl, openWdlSolution, type WdlSolution } from './lookup.js';
import { type MemoryTier, solveInMemory } from './memory.js';
import { forEachSet, geeseMasks, rows } from './one-ply.js';
import { valueWithReplies } from './summary.js';
import { readWdlHeader } from './table-file.js';

const UP_TO = 6;

const SIDEWAYS = (() => {
  const v = getVariant('standard', { geese: 13, sideways: true });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();

/** After each fox move from fox:d4 geese:c1,d1,e1,d3 (the fox wins by d4xd2), the geese's replies that keep their draw. */
const REPLIES = {
  'd4-c3': ['d3-e3', 'd3-e4'],
  'd4-c4': ['d1-e2', 'd3-e3', 'd3-e4', 'e1-e2'],
  'd4-c5': ['c1-c2', 'c1-d2', 'd1-c2', 'd1-e2', 'd3-c3', 'd3-e3', 'd3-e4', 'e1-d2', 'e1-e2'],
  'd4-d5': ['c1-c2', 'c1-d2', 'd1-c2', 'd1-e2', 'd3-c3', 'd3-e3', 'e1-d2', 'e1-e2'],
  'd4-e3': ['d3-c3', 'd3-c4'],
  'd4-e4': ['c1-c2', 'd1-c2', 'd3-c3', 'd3-c4'],
  'd4-e5': ['c1-c2', 'c1-d2', 'd1-c2', 'd1-e2', 'd3-c3', 'd3-c4', 'd3-e3', 'e1-d2', 'e1-e2'],
  d4xd2: [], // the fox has won: three geese are left
};

describe('the table with sideways moves in format 2 (tiers 4..6)', () => {
  let dir = '';
  let kernel: MemoryTier[];
  let bytes: Buffer;
  /** By tier: the decoded FW and FL records of the canonical sets, from the compact file's two sets. */
  const decoded = new Map<number, { fw: Uint32Array; fl: Uint32Array }>();

  beforeAll(async () => {
    dir = await buildSmallSidewaysTable(UP_TO); // built saving after every level, once per test run
    kernel = await solveInMemory(UP_TO, { sideways: true, keepGeese: true });
    convertWdlTable(wdlPath(dir, 13), wdlCompactPath(dir, 13));
    bytes = readFileSync(wdlCompactPath(dir, 13));
    const { sets } = readCompact(bytes, 'test.fgc');
    for (const [k, byName] of sets) {
      const n = POINTS - k;
      const records = (name: string): Uint32Array => {
        const out = new Uint32Array(canonicalSets(k));
        byName.get(name)!.forEach((v) => {
          const i = Math.floor(v / n);
          out[i] = out[i]! | (1 << (v - i * n));
        });
        return out;
      };
      decoded.set(k, { fw: records('foxWins'), fl: records('foxLoses') });
    }
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The compact file's FW and FL masks over the free points of the set with row masks `sigma`. */
  const compactMasks = (sigma: Int32Array, key: number, k: number): readonly [number, number] => {
    const c = canonicalIndex(sigma, key);
    const { fw, fl } = decoded.get(k)!;
    const w = fw[c >>> 1]!;
    const l = fl[c >>> 1]!;
    return c & 1 ? [mirrorFreeMask(w, key), mirrorFreeMask(l, key)] : [w, l];
  };

  it('holds the wdl-1 fox-to-move value of every position, and its header the wdl-1 figures', () => {
    const raw = readFileSync(wdlPath(dir, 13));
    const header = readWdlHeader(wdlPath(dir, 13));
    const compact = compactWdlSolution(bytes, 'test.fgc');
    expect(compact.header.format).toBe(2);
    expect(
      compact.header.tiers.map(({ geese, foxToMove, geeseToMove, rounds, quietPlies }) => [
        geese,
        foxToMove,
        geeseToMove,
        rounds,
        quietPlies,
      ]),
    ).toEqual(
      header.tiers.map(({ geese, foxToMove, geeseToMove, rounds, quietPlies }) => [
        geese,
        foxToMove,
        geeseToMove,
        rounds,
        quietPlies,
      ]),
    );
    const wrong: string[] = [];
    let positions = 0;
    for (const t of header.tiers) {
      forEachSet(t.geese, (points, rank) => {
        const { sigma, key } = rows(points);
        const [w, l] = compactMasks(sigma, key, t.geese);
        const fw = raw.readUInt32LE(t.fwOffset + 4 * rank);
        const fl = raw.readUInt32LE(t.flOffset + 4 * rank);
        if ((w !== fw || l !== fl) && wrong.length < 5)
          wrong.push(`tier ${t.geese} rank ${rank}: ${w}/${l} against ${fw}/${fl}`);
        positions += POINTS - t.geese;
      });
    }
    expect(wrong).toEqual([]);
    expect(positions).toBe([4, 5, 6].reduce((n, k) => n + choose(POINTS, k) * (POINTS - k), 0));
  });

  it('gives the kernel geese-to-move value of every position one ply on, sideways steps included', () => {
    const wrong: string[] = [];
    const tally = [0, 0, 0]; // geese win, draw, lose
    for (const tier of kernel) {
      const k = tier.k;
      const full = (1 << (POINTS - k)) - 1;
      forEachSet(k, (points, rank) => {
        const { sigma, key } = rows(points);
        const [gw, gl] = geeseMasks(points, sigma, key, (s, kk) => compactMasks(s, kk, k));
        if ((gw !== tier.gw![rank] || gl !== tier.gl![rank]) && wrong.length < 5)
          wrong.push(`tier ${k} rank ${rank}: ${gw}/${gl} against ${tier.gw![rank]}/${tier.gl![rank]}`);
        for (let m = full; m; m &= m - 1) {
          const bit = m & -m;
          tally[gw & bit ? 0 : gl & bit ? 2 : 1]!++;
        }
      });
    }
    expect(wrong).toEqual([]);
    // Tiers 4..6 together (sideways.test.ts's figures): geese win, draw, lose.
    expect(tally).toEqual([0 + 0 + 107, 834_543 + 6_522_917 + 29_880_723, 352_137 + 122_491 + 23_506]);
  }, 600_000);

  it('is what openWdlSolution reads when it is there, answering as the raw table on both sides', () => {
    const compact = openWdlSolution(dir, { geese: 13 })!;
    const raw: WdlSolution = openRawWdl(wdlPath(dir, 13), 13);
    try {
      expect([compact.header.format, raw.header.format]).toEqual([2, 'wdl-1']);
      const next = random(4302);
      const seen = { win: 0, draw: 0, loss: 0 };
      for (let n = 0; n < 1000; n++) {
        const k = 4 + Math.floor(next() * (UP_TO - 3));
        const cells = new Uint8Array(POINTS);
        const points = [...Array(POINTS).keys()].sort(() => next() - 0.5);
        for (const p of points.slice(0, k)) cells[p] = GOOSE;
        cells[points[k]!] = FOX;
        const position: Position = { cells, turn: n % 2 ? 'geese' : 'fox', quiet: Math.floor(next() * 100) };
        expect(compact.verdict(position)).toEqual(raw.verdict(position));
        seen[compact.outcome(position)]++;
      }
      expect(Object.values(seen).every((c) => c > 20)).toBe(true);
      expect(() =>
        compact.outcome({ cells: new Uint8Array(POINTS).fill(GOOSE, 0, 7).fill(FOX, 7, 8), turn: 'fox', quiet: 0 }),
      ).toThrow('answers positions with at most 6 geese; this one has 7');
    } finally {
      compact.close();
      raw.close();
    }
  });

  it("gives a position's value with the opponent's replies that keep its value, as summary.json's start.replies", () => {
    const solution = openWdlSolution(dir, { geese: 13 })!;
    const cells = new Uint8Array(POINTS);
    const named = (p: string): number => SIDEWAYS.board.points.findIndex((q) => q.name === p);
    for (const p of ['c1', 'd1', 'e1', 'd3']) cells[named(p)] = GOOSE;
    cells[named('d4')] = FOX;
    const value = valueWithReplies(solution, SIDEWAYS, { cells, turn: 'fox', quiet: 0 });
    solution.close();
    expect(value).toEqual({ winner: 'fox', keep: ['d4xd2'], exact: true, replies: REPLIES });
  });

  it('refuses a copy cut short, and a table of the game without sideways moves, in words', () => {
    expect(() => compactWdlSolution(bytes.subarray(0, bytes.length - 8), 'short.fgc')).toThrow(
      `short.fgc is ${bytes.length - 8} bytes where its header says ${bytes.length}: is it whole?`,
    );
    const text = bytes.toString('latin1');
    const plain = Buffer.from(text.replace('"verdicts":"win-loss-draw"', '"verdicts":"win-loss"     '), 'latin1');
    expect(() => compactWdlSolution(plain, 'plain.fgc')).toThrow(
      'plain.fgc holds win-loss verdicts; this reader answers the table with sideways moves',
    );
  });

  it('adds the conversion figures to summary.json beside the raw table', () => {
    const summary = join(dir, 'standard-13-sideways', 'summary.json');
    writeFileSync(summary, JSON.stringify({ maxGeese: 6 }));
    recordConversion(wdlPath(dir, 13), { file: 'table.fgc', bytes: 10, wallSeconds: 1.26, peakRssBytes: 5, tiers: [] });
    expect(JSON.parse(readFileSync(summary, 'utf8'))).toEqual({
      maxGeese: 6,
      compact: { file: 'table.fgc', bytes: 10, wallSeconds: 1.3, peakRssBytes: 5, tiers: [] },
    });
  });

  it('falls back to the raw table when the compact one is moved aside', () => {
    renameSync(wdlCompactPath(dir, 13), join(dir, 'aside.fgc'));
    try {
      const solution = openWdlSolution(dir, { geese: 13 })!;
      expect(solution.header.format).toBe('wdl-1');
      solution.close();
      expect(existsSync(wdlCompactPath(dir, 13))).toBe(false);
    } finally {
      renameSync(join(dir, 'aside.fgc'), wdlCompactPath(dir, 13));
    }
  });
});
