// The table with sideways moves in format 2 (convert.ts, compact.ts): a test table of tiers 4..6 converted
// from its raw wdl-1 file, held against the file on every position with the fox to move, against the
// kernel's own geese-to-move values on every position with the geese to move (one ply of goose moves over
// the stored fox-to-move sets, sideways steps included: the claim format 2 rests on), and through the
// reader the server uses against the raw reader, both sides to move.
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { FOX, GOOSE, type Position } from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bitOf, canonicalIndex, canonicalSets, mirrorFreeMask, RADIX_WEIGHT, rowOf } from '../canonical.js';
import { readCompact } from '../compact-file.js';
import { choose, GOOSE_DIRS, gooseStep, POINTS, SIDE_DIRS, sideStep } from '../geometry.js';
import { random } from '../testing.js';
import { buildWdlTable, wdlCompactPath, wdlPath } from './build.js';
import { compactWdlSolution } from './compact.js';
import { convertWdlTable, recordConversion } from './convert.js';
import { openRawWdl, openWdlSolution, type WdlSolution } from './lookup.js';
import { type MemoryTier, solveInMemory } from './memory.js';
import { readWdlHeader } from './table-file.js';

const UP_TO = 6;

/** Every geese set of k by colex rank: calls `visit` with its points (sorted) and its rank. */
function forEachSet(k: number, visit: (points: Int32Array, rank: number) => void): void {
  const pts = Int32Array.from({ length: k }, (_, i) => i);
  const total = choose(POINTS, k);
  for (let rank = 0; rank < total; rank++) {
    visit(pts, rank);
    let i = 0;
    while (i < k - 1 && pts[i]! + 1 === pts[i + 1]) i++;
    pts[i]!++;
    for (let q = 0; q < i; q++) pts[q] = q;
  }
}

/** Row masks and key of a set of points. */
function rows(points: ArrayLike<number>): { sigma: Int32Array; key: number } {
  const sigma = new Int32Array(7);
  let key = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    sigma[rowOf[p]!] = sigma[rowOf[p]!]! | (1 << bitOf[p]!);
    key += RADIX_WEIGHT[rowOf[p]!]!;
  }
  return { sigma, key };
}

describe('the table with sideways moves in format 2 (tiers 4..6)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'solver-sideways-compact-'));
  let kernel: MemoryTier[];
  let bytes: Buffer;
  /** By tier: the decoded FW and FL records of the canonical sets, from the compact file's two sets. */
  const decoded = new Map<number, { fw: Uint32Array; fl: Uint32Array }>();

  beforeAll(async () => {
    await buildWdlTable({ geese: 13, upTo: UP_TO, dir, checkpointSeconds: 0 });
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
      const below = new Int32Array(POINTS); // free points of G below each point
      const moved = new Int32Array(7);
      forEachSet(k, (points, rank) => {
        const { sigma, key } = rows(points);
        for (let p = 0, i = 0; p < POINTS; p++) {
          below[p] = p - i;
          if (i < k && points[i] === p) i++;
        }
        let gw = 0; // some goose move leaves the fox to move lost
        let gd = 0; // some goose move leaves a draw
        let gl = full; // every goose move leaves the fox to move winning (or there is none)
        for (const g of points) {
          for (let d = 0; d < GOOSE_DIRS + SIDE_DIRS; d++) {
            const t = d < GOOSE_DIRS ? gooseStep[g * GOOSE_DIRS + d]! : sideStep[g * SIDE_DIRS + d - GOOSE_DIRS]!;
            if (t < 0 || (sigma[rowOf[t]!]! >>> bitOf[t]!) & 1) continue;
            moved.set(sigma);
            moved[rowOf[g]!] = moved[rowOf[g]!]! & ~(1 << bitOf[g]!);
            moved[rowOf[t]!] = moved[rowOf[t]!]! | (1 << bitOf[t]!);
            const [w0, l0] = compactMasks(moved, key - RADIX_WEIGHT[rowOf[g]!]! + RADIX_WEIGHT[rowOf[t]!]!, k);
            // The moved set's masks over G's free points: g joins the free points and t leaves them.
            const lo = below[g]!;
            const at = below[t]!;
            const map = (m: number): number =>
              g < t
                ? (m & ((1 << lo) - 1)) | ((m >>> 1) & ((1 << at) - 1) & ~((1 << lo) - 1)) | (m & ~((2 << at) - 1))
                : (m & ((1 << at) - 1)) | ((m << 1) & ((1 << lo) - 1) & ~((2 << at) - 1)) | (m & ~((1 << lo) - 1));
            const w = map(w0);
            const l = map(l0);
            const here = 1 << at; // the fox cannot stand where the goose goes
            gw |= l & ~here;
            gd |= ~(w | l) & ~here & full;
            gl &= w | here;
          }
        }
        gd &= ~gw;
        gl &= ~gw & ~gd;
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
  }, 120_000);

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
