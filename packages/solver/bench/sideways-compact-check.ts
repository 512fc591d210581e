// The 13-geese table with sideways moves in format 2 (table.fgc) against the raw wdl-1 table it was converted
// from (table.fgw), both read from the solutions directory (docs/solution.md, "Sideways moves"):
//   --part=every   every position of tiers 4..8 with the fox to move: the compact sets' masks against the raw
//                  FW/FL records of every geese set; and with the geese to move, one ply of goose moves over
//                  the compact fox-to-move masks against the build's per-tier counts of geese wins, draws, losses
//   --part=random  random positions of tiers 9..13, either side to move, through both readers (outcome())
// Every difference is printed; the last line says how many there were.
//   pnpm exec tsx packages/solver/bench/sideways-compact-check.ts --part=every|random [--positions=1000000] [--seed=1] [--dir=DIR]
import { closeSync, openSync, readFileSync } from 'node:fs';

import { FOX, GOOSE, type Position } from '@fg/rules';

import { canonicalIndex, canonicalSets, mirrorFreeMask } from '../src/canonical.js';
import { readCompact } from '../src/compact-file.js';
import { readAll } from '../src/file-io.js';
import { choose, POINTS } from '../src/geometry.js';
import { solutionDir } from '../src/index.js';
import { wdlCompactPath, wdlPath } from '../src/sideways/build.js';
import { compactWdlSolution } from '../src/sideways/compact.js';
import { openRawWdl } from '../src/sideways/lookup.js';
import { forEachSet, geeseMasks, rows } from '../src/sideways/one-ply.js';
import { readWdlHeader } from '../src/sideways/table-file.js';
import { random } from '../src/testing.js';

const option = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const dir = option('dir', solutionDir());
const part = option('part', 'every');
const rawPath = wdlPath(dir, 13);
const compactPath = wdlCompactPath(dir, 13);
const started = performance.now();
const seconds = (): string => ((performance.now() - started) / 1000).toFixed(0);
let differences = 0;
const differ = (line: string): void => {
  if (++differences <= 20) console.log(`DIFFERS: ${line}`);
};

if (part === 'every') {
  const header = readWdlHeader(rawPath);
  const { sets } = readCompact(readFileSync(compactPath), compactPath);
  const fd = openSync(rawPath, 'r');
  for (const t of header.tiers.filter((x) => x.geese <= 8)) {
    const k = t.geese;
    const n = POINTS - k;
    const decode = (name: string): Uint32Array => {
      const out = new Uint32Array(canonicalSets(k));
      sets
        .get(k)!
        .get(name)!
        .forEach((v) => {
          const i = Math.floor(v / n);
          out[i] = out[i]! | (1 << (v - i * n));
        });
      return out;
    };
    const cw = decode('foxWins');
    const cl = decode('foxLoses');
    const masks = (sigma: Int32Array, key: number): readonly [number, number] => {
      const c = canonicalIndex(sigma, key);
      const w = cw[c >>> 1]!;
      const l = cl[c >>> 1]!;
      return c & 1 ? [mirrorFreeMask(w, key), mirrorFreeMask(l, key)] : [w, l];
    };
    const fw = new Uint32Array(t.sets);
    const fl = new Uint32Array(t.sets);
    readAll(fd, new Uint8Array(fw.buffer), t.fwOffset);
    readAll(fd, new Uint8Array(fl.buffer), t.flOffset);
    const geese = [0, 0, 0]; // wins, draws, losses with the geese to move
    const full = (1 << n) - 1;
    forEachSet(k, (points, rank) => {
      const { sigma, key } = rows(points);
      const [w, l] = masks(sigma, key);
      if (w !== fw[rank] || l !== fl[rank])
        differ(`tier ${k} set ${rank}: fox to move ${w}/${l}, raw ${fw[rank]}/${fl[rank]}`);
      const [gw, gl] = geeseMasks(points, sigma, key, masks);
      for (let m = full; m; m &= m - 1) {
        const bit = m & -m;
        geese[gw & bit ? 0 : gl & bit ? 2 : 1]!++;
      }
    });
    const expected = [t.geeseToMove.geeseWins, t.geeseToMove.draws, t.geeseToMove.geeseLosses];
    if (geese.join() !== expected.join())
      differ(`tier ${k}: geese to move ${geese.join('/')}, build ${expected.join('/')}`);
    console.log(
      `tier ${k}: ${t.sets * n} positions fox to move compared, geese to move one ply on ${geese.join('/')} (build ${expected.join('/')}), ${seconds()} s`,
    );
  }
  closeSync(fd);
} else {
  const wanted = Number(option('positions', '1000000'));
  const next = random(Number(option('seed', '1')));
  const raw = openRawWdl(rawPath, 13);
  const compact = compactWdlSolution(readFileSync(compactPath), compactPath);
  const seen: Record<string, number> = {};
  for (let i = 0; i < wanted; i++) {
    const k = 9 + Math.floor(next() * 5);
    const cells = new Uint8Array(POINTS);
    let placed = 0;
    while (placed < k) {
      const p = Math.floor(next() * POINTS);
      if (cells[p] === 0) {
        cells[p] = GOOSE;
        placed++;
      }
    }
    let f = Math.floor(next() * (POINTS - k));
    for (let p = 0; p < POINTS; p++) if (cells[p] === 0 && f-- === 0) cells[p] = FOX;
    const position: Position = { cells, turn: i % 2 ? 'geese' : 'fox', quiet: 0 };
    const a = compact.outcome(position);
    const b = raw.outcome(position);
    if (a !== b) differ(`${JSON.stringify([...cells])} ${position.turn}: compact ${a}, raw ${b}`);
    seen[`${position.turn} ${a}`] = (seen[`${position.turn} ${a}`] ?? 0) + 1;
    if ((i + 1) % 100_000 === 0) console.log(`${i + 1} positions, ${seconds()} s`);
  }
  console.log(`values seen (side to move, value): ${JSON.stringify(seen)}; ${choose(POINTS, 13)} sets in tier 13`);
}
console.log(`${part}: ${differences} differences, ${seconds()} s`);
