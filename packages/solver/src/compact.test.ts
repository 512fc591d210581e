// Format 2 against format 1 on a small build: the mirror-halved build writes the same bytes as the full
// build converted (tiers 4..8); the same verdict for every position of tiers 4..7 with either side to
// move, the same answers through openSolution, the file's header and size, refusals of damaged
// files, and `pnpm solve --convert`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { EMPTY, FOX, GOOSE, type Position } from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bitOf, keyOf, rowOf } from './canonical.js';
import { CompactTable } from './compact.js';
import { verifyCompact } from './compact-file.js';
import { convertTable } from './convert.js';
import { compactPath, tableFolder, tablePath } from './dir.js';
import { POINTS } from './geometry.js';
import type { CompactHeader } from './header.js';
import { openSolution } from './lookup.js';
import { buildTable } from './solve.js';
import { readHeader } from './table-file.js';
import { random, tierRecords } from './testing.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let dir = ''; // format 1, the full build
let compactDir = ''; // format 1 converted to format 2, and format 1 linked beside it
let halvedDir = ''; // the mirror-halved build, format 2
let header: CompactHeader;
let bytes: Uint8Array;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'solver-f1-'));
  compactDir = mkdtempSync(join(tmpdir(), 'solver-f2-'));
  halvedDir = mkdtempSync(join(tmpdir(), 'solver-halved-'));
  await buildTable({ geese: 13, upTo: 8, dir, workers: 2, format: 1 });
  await buildTable({ geese: 13, upTo: 8, dir: halvedDir, workers: 2, format: 2 });
  mkdirSync(tableFolder(compactDir, 13));
  header = convertTable(tablePath(dir, 13), compactPath(compactDir, 13));
  symlinkSync(tablePath(dir, 13), tablePath(compactDir, 13));
  bytes = new Uint8Array(readFileSync(compactPath(compactDir, 13)));
}, 600_000);
afterAll(() => {
  for (const d of [dir, compactDir, halvedDir]) rmSync(d, { recursive: true, force: true });
});

describe('the mirror-halved build', () => {
  it('writes the same bytes as the full build converted (tiers 4..8)', () => {
    expect(new Uint8Array(readFileSync(compactPath(halvedDir, 13)))).toEqual(bytes);
  });
});

describe('format 2 against format 1', () => {
  it.each([4, 5, 6, 7])(
    'tier %i: the same verdict for every position, the fox or the geese to move',
    (k) => {
      const table = new CompactTable(bytes, 'the test table');
      const { fw, gw } = tierRecords(dir, k);
      const points = Int32Array.from({ length: k }, (_, i) => i); // the set of colex rank 0
      const sigma = new Int32Array(7);
      const wrong = { fox: 0, geese: 0, decoded: 0 };
      const fox = new Uint32Array(fw.length);
      for (let rank = 0; rank < fw.length; rank++) {
        sigma.fill(0);
        for (const p of points) sigma[rowOf[p]!] = sigma[rowOf[p]!]! | (1 << bitOf[p]!);
        fox[rank] = table.foxWinMask(sigma, keyOf(sigma)); // each set searched in the stored set
        if (fox[rank] !== fw[rank]) wrong.fox++;
        let i = 0; // the next set in colex order
        while (i < k - 1 && points[i]! + 1 === points[i + 1]) i++;
        points[i]!++;
        for (let q = 0; q < i; q++) points[q] = q;
      }
      // The geese to move: one ply over the fox-to-move records, read from the tier decoded whole.
      table.decodeTier(k);
      points.forEach((_, i) => (points[i] = i));
      for (let rank = 0; rank < fw.length; rank++) {
        sigma.fill(0);
        for (const p of points) sigma[rowOf[p]!] = sigma[rowOf[p]!]! | (1 << bitOf[p]!);
        const key = keyOf(sigma);
        if (table.foxWinMask(sigma, key) !== fox[rank]) wrong.decoded++;
        if (table.geeseWinMask(sigma, key) >>> 0 !== gw[rank]) wrong.geese++;
        let i = 0;
        while (i < k - 1 && points[i]! + 1 === points[i + 1]) i++;
        points[i]!++;
        for (let q = 0; q < i; q++) points[q] = q;
      }
      expect(wrong).toEqual({ fox: 0, geese: 0, decoded: 0 });
    },
    300_000,
  ); // tier 7 is 4.3 million sets: seconds on a quiet machine, minutes on a loaded one

  it('answers through openSolution as format 1 does: winners and keep lists of 4,000 random positions of tiers 4..8', () => {
    const one = openSolution(dir, { geese: 13 })!;
    const two = openSolution(compactDir, { geese: 13 })!;
    expect([one.header.format, two.header.format]).toEqual([1, 2]);
    const next = random(11);
    let differ = 0;
    for (let n = 0; n < 4000; n++) {
      const points = [...Array(POINTS).keys()].sort(() => next() - 0.5);
      const k = 4 + Math.floor(next() * 5);
      const cells = new Uint8Array(POINTS).fill(EMPTY);
      for (const p of points.slice(0, k)) cells[p] = GOOSE;
      cells[points[k]!] = FOX;
      const position: Position = { cells, turn: next() < 0.5 ? 'fox' : 'geese', quiet: 0 };
      if (JSON.stringify(one.verdict(position)) !== JSON.stringify(two.verdict(position))) differ++;
    }
    expect(differ).toBe(0);
    const seven = { cells: new Uint8Array(POINTS).fill(GOOSE), turn: 'fox', quiet: 0 } satisfies Position;
    expect(() => two.winner(seven)).toThrow(
      `the table in ${compactPath(compactDir, 13)} answers positions with at most 8 geese; this one has 33`,
    );
    one.close();
    two.close();
  });

  it('has the documented header: the fox-to-move losses of one set of each mirror pair', () => {
    const old = readHeader(tablePath(dir, 13));
    expect(header).toMatchObject({ format: 2, variant: 'standard', options: { geese: 13 }, maxGeese: 8 });
    expect(
      header.tiers.map(({ geese, sets, foxToMove, geeseToMove }) => ({ geese, sets, foxToMove, geeseToMove })),
    ).toEqual(old.tiers.map(({ geese, sets, foxToMove, geeseToMove }) => ({ geese, sets, foxToMove, geeseToMove })));
    expect(
      header.tiers.map((t) => [t.canonicalSets, t.rest, t.stored.map((s) => [s.name, s.turn, s.verdict, s.members])]),
    ).toEqual([
      [20653, 'win', [['foxLoses', 'fox', 'loss', 0]]],
      [119179, 'win', [['foxLoses', 'fox', 'loss', 0]]],
      [554977, 'win', [['foxLoses', 'fox', 'loss', 7]]],
      [2138527, 'win', [['foxLoses', 'fox', 'loss', 167]]],
      [6946849, 'win', [['foxLoses', 'fox', 'loss', 3714]]],
    ]);
    expect(bytes.length).toBe(10832);
    expect(verifyCompact(bytes, 'the test table')).toBeNull();
  });
});

describe('a damaged format-2 file', () => {
  it.each([
    [
      'cut short',
      (b: Uint8Array) => b.subarray(0, b.length - 8),
      'is 10824 bytes where its header says 10832: is it whole?',
    ],
    ['without its magic', (b: Uint8Array) => b.slice(8), 'is not a format-2 solution table (no FGSOLVE2 magic)'],
  ])('is refused when it is %s', (_, damage, message) => {
    expect(() => new CompactTable(damage(bytes), 'the copy')).toThrow(message);
  });

  it('fails its checksum when a byte of a set changed', () => {
    const copy = bytes.slice();
    const last = header.tiers.at(-1)!.stored[0]!;
    copy[last.offset + 40] = copy[last.offset + 40]! ^ 1;
    expect(verifyCompact(copy, 'the copy')).toBe("the copy: tier 8's set foxLoses fails its checksum");
  });
});

describe('pnpm solve --convert', () => {
  const solve = (args: string[]) => spawnSync('pnpm', ['--silent', 'solve', ...args], { cwd: root, encoding: 'utf8' });

  it('writes the same file as convertTable, beside the format-1 table unless told where', () => {
    const out = join(compactDir, 'copy.fgc');
    const run = solve(['--convert', tablePath(dir, 13), '--out', out]);
    expect(run).toMatchObject({
      status: 0,
      stdout: expect.stringMatching(/^format 2: .*copy\.fgc, 10832 bytes \(format 1: 156401760 bytes\), tiers 4\.\.8/),
    });
    expect(new Uint8Array(readFileSync(out))).toEqual(bytes);
  });

  it('says what is wrong with a missing or foreign input', () => {
    expect(solve(['--convert', join(dir, 'none.fgs')])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining(
        `--convert needs a format-1 table file; there is none at ${join(dir, 'none.fgs')}\n`,
      ),
    });
    const foreign = join(dir, 'foreign.fgs');
    writeFileSync(foreign, 'not a table at all');
    expect(solve(['--convert', foreign])).toMatchObject({
      status: 1,
      stderr: expect.stringContaining(`solve --convert: ${foreign} is not a solution table (no FGSOLVE1 magic)\n`),
    });
  });
});
