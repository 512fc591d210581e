// The compact 13-geese table (format 2) against the format-1 table it was converted from, or built
// beside: every position of tiers 4..8 with either side to move (set by set: the fox-to-move records
// searched in the stored set, the geese-to-move records derived by one ply), then random positions
// of tiers 9..13 (uniform over each tier's positions) through the Solution API of both: the winner,
// and the keep list for some. Prints the figures docs/solution.md quotes. Run it alone:
//   pnpm exec tsx packages/solver/bench/validate-compact.ts [--format1=FILE] [--compact=FILE] [--random=1000000] [--keep=20000] [--seed=1]
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';

import { EMPTY, FOX, GOOSE, type Position } from '@fg/rules';

import { bitOf, keyOf, rowOf } from '../src/canonical.js';
import { CompactTable } from '../src/compact.js';
import { readAll } from '../src/file-io.js';
import { choose, colexUnrank, POINTS } from '../src/geometry.js';
import { openSolutionFile } from '../src/lookup.js';
import { readHeader } from '../src/table-file.js';
import { random } from '../src/testing.js';

const option = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const format1 = option('format1', '/work/solutions/standard-13/table.fgs');
const compactFile = option('compact', '/work/solutions/standard-13/table.fgc');
const randomCount = Number(option('random', '1000000'));
const keepCount = Number(option('keep', '20000'));
const next = random(Number(option('seed', '1')));
const log = (line: string): void => void process.stdout.write(line + '\n');

const header1 = readHeader(format1);
const bytes = readFileSync(compactFile);
const table = new CompactTable(bytes, compactFile);
log(`format 1: ${format1}, ${statSync(format1).size} bytes; format 2: ${compactFile}, ${bytes.length} bytes`);
log(
  `load average at start: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

// Part 1: every position of tiers 4..8, both sides to move.
const fd = openSync(format1, 'r');
let positions = 0;
let wrong = 0;
for (let k = 4; k <= Math.min(8, header1.maxGeese); k++) {
  const started = Date.now();
  const tier = header1.tiers.find((t) => t.geese === k)!;
  const fw = new Uint32Array(tier.sets);
  const gw = new Uint32Array(tier.sets);
  readAll(fd, new Uint8Array(fw.buffer), tier.fwOffset);
  readAll(fd, new Uint8Array(gw.buffer), tier.gwOffset);
  const sigma = new Int32Array(7);
  const points = Int32Array.from({ length: k }, (_, i) => i);
  const sweep = (check: (rank: number, key: number) => number): number => {
    let bad = 0;
    points.forEach((_, i) => (points[i] = i));
    for (let rank = 0; rank < tier.sets; rank++) {
      sigma.fill(0);
      for (const p of points) sigma[rowOf[p]!] = sigma[rowOf[p]!]! | (1 << bitOf[p]!);
      bad += check(rank, keyOf(sigma));
      let i = 0;
      while (i < k - 1 && points[i]! + 1 === points[i + 1]) i++;
      points[i]!++;
      for (let q = 0; q < i; q++) points[q] = q;
    }
    return bad;
  };
  const fox = sweep((rank, key) => (table.foxWinMask(sigma, key) >>> 0 !== fw[rank] ? 1 : 0));
  table.decodeTier(k); // the geese-to-move sweep reads thousands of sets a second: from arrays
  const geese = sweep((rank, key) => (table.geeseWinMask(sigma, key) >>> 0 !== gw[rank] ? 1 : 0));
  positions += 2 * tier.sets * (POINTS - k);
  wrong += fox + geese;
  log(
    `tier ${k}: ${tier.sets} sets, ${2 * tier.sets * (POINTS - k)} positions (both sides): ${fox} fox-to-move and ${geese} geese-to-move records differ (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}
closeSync(fd);
log(`tiers 4..8: ${positions} positions compared, ${wrong} sets differ`);

// Part 2: random positions of tiers 9..13 through both Solutions.
const one = openSolutionFile(format1);
const two = openSolutionFile(compactFile);
const tiers = [9, 10, 11, 12, 13].filter((k) => k <= header1.maxGeese);
let differ = 0;
let keepDiffer = 0;
let keepChecked = 0;
const started = Date.now();
for (let n = 0; n < randomCount; n++) {
  const k = tiers[n % tiers.length]!;
  const set = colexUnrank(Math.floor(next() * choose(POINTS, k)), k);
  const cells = new Uint8Array(POINTS).fill(EMPTY);
  for (const p of set) cells[p] = GOOSE;
  const free = [...Array(POINTS).keys()].filter((p) => cells[p] === EMPTY);
  cells[free[Math.floor(next() * free.length)]!] = FOX;
  const position: Position = { cells, turn: next() < 0.5 ? 'fox' : 'geese', quiet: 0 };
  if (one.winner(position) !== two.winner(position)) differ++;
  if (n < keepCount) {
    keepChecked++;
    if (JSON.stringify(one.verdict(position)) !== JSON.stringify(two.verdict(position))) keepDiffer++;
  }
}
log(
  `tiers ${tiers.join(', ')}: ${randomCount} random positions (${randomCount / tiers.length} a tier, either side to move): ${differ} winners differ; ${keepChecked} verdicts with keep lists: ${keepDiffer} differ (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);

// The sizes, and what a compressed bitmap (Roaring: 2 bytes a member in array containers and about 8 a container) would take.
for (const t of table.header.tiers) {
  const set = t.stored[0]!;
  let chunks = 0;
  let last = -1;
  table.forEachMember(t.geese, (v) => {
    const chunk = Math.floor(v / 65536);
    if (chunk !== last) chunks++;
    last = chunk;
  });
  log(
    `tier ${t.geese}: ${set.members} fox-to-move losses stored of ${set.universe} canonical positions: ${set.bytes} bytes, ${((8 * set.bytes) / Math.max(1, set.members)).toFixed(2)} bits a member; Roaring about ${2 * set.members + 8 * chunks} bytes (${chunks} containers)`,
  );
}
log(
  `load average at the end: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
process.exitCode = wrong + differ + keepDiffer === 0 ? 0 : 1;
