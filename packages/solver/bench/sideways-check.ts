// The built table with sideways moves against itself one ply on (docs/solution.md): positions of 4 to 13 geese
// with the fox to move, each read from its record and valued again as the best of its moves (the positions after
// them valued by the reader: a geese-to-move position over the fox-to-move records its goose moves lead to, a
// capture in the tier below). A third are uniform random positions (mostly draws), a third fox wins and a third fox
// losses (a random set whose FW or FL record has a bit, the fox on one of its bits), so every value is tested. The
// two plies must agree everywhere. Needs the built table:
//   pnpm exec tsx packages/solver/bench/sideways-check.ts [--positions=6000] [--seed=1] [--dir=DIR]
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';

import { applyMove, FOX, generateMoves, getVariant, GOOSE, newGame, type Position } from '@fg/rules';

import { openSolution, solutionDir, type WdlSolution } from '../src/index.js';
import type { Outcome } from '../src/sideways/lookup.js';
import { readWdlHeader } from '../src/sideways/table-file.js';
import { colexUnrank, random } from '../src/testing.js';

const option = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const wanted = Number(option('positions', '6000'));
const next = random(Number(option('seed', '1')));
const dir = option('dir', solutionDir());
const solution = openSolution(dir, { geese: 13, sideways: true }) as WdlSolution | null;
if (!solution) {
  process.stderr.write(
    'no 13-geese table with sideways moves: build it with pnpm solve standard --geese 13 --sideways\n',
  );
  process.exit(2);
}
const variant = getVariant('standard', { geese: 13, sideways: true });
if (!variant.ok) throw new Error(variant.error.message);
const v = variant.value;
const rawPath = join(dir, 'standard-13-sideways', 'table.fgw');
const raw = readWdlHeader(rawPath); // positions are picked from the raw table's records, whichever table answers
const fd = openSync(rawPath, 'r');
const word = Buffer.alloc(4);

/** A position of k geese, fox to move: uniform (`mask` null), or one whose FW or FL record has its bit. */
function pick(k: number, mask: 'fw' | 'fl' | null): Position {
  const cells = new Uint8Array(33);
  if (mask === null) {
    const points = [...Array(33).keys()].sort(() => next() - 0.5);
    for (const p of points.slice(0, k)) cells[p] = GOOSE;
    cells[points[k]!] = FOX;
    return { cells, turn: 'fox', quiet: 0 };
  }
  const tier = raw.tiers.find((t) => t.geese === k)!;
  for (;;) {
    const rank = Math.floor(next() * tier.sets);
    readSync(fd, word, 0, 4, (mask === 'fw' ? tier.fwOffset : tier.flOffset) + 4 * rank);
    const bits = word.readUInt32LE(0);
    if (bits === 0) continue;
    const geese = new Set(colexUnrank(rank, k));
    const free = [...Array(33).keys()].filter((p) => !geese.has(p));
    const marked = free.filter((_, j) => (bits >>> j) & 1);
    for (const g of geese) cells[g] = GOOSE;
    cells[marked[Math.floor(next() * marked.length)]!] = FOX;
    return { cells, turn: 'fox', quiet: 0 };
  }
}

const flip: Record<Outcome, Outcome> = { win: 'loss', loss: 'win', draw: 'draw' };
const seen: Record<Outcome, number[]> = {
  win: Array<number>(14).fill(0),
  draw: Array<number>(14).fill(0),
  loss: Array<number>(14).fill(0),
};
let wrong = 0;
const started = performance.now();
for (let n = 0; n < wanted;) {
  const k = 4 + Math.floor(next() * (solution.maxGeese - 3));
  // Fox losses exist only from 6 geese on; below, a third uniform instead.
  const mask = ([null, 'fw', k < 6 ? null : 'fl'] as const)[n % 3]!;
  const position = pick(k, mask);
  if (newGame(v, position).result) continue; // the game is over there: the table's record is not a verdict
  n++;
  const now = solution.outcome(position);
  const after = generateMoves(v, position).map((m) => flip[solution.outcome(applyMove(v, position, m))]);
  const best = after.includes('win') ? 'win' : after.includes('draw') ? 'draw' : 'loss';
  seen[now][k]!++;
  if (now !== best) {
    wrong++;
    if (wrong <= 10) console.log(`DISAGREES: ${JSON.stringify([...position.cells])} record ${now}, one ply on ${best}`);
  }
}
const seconds = (performance.now() - started) / 1000;
console.log(`${wanted} positions with the fox to move, ${wrong} disagreeing; ${seconds.toFixed(1)} s`);
for (let k = 4; k <= solution.maxGeese; k++)
  console.log(`  ${k} geese: ${seen.win[k]} fox wins, ${seen.draw[k]} draws, ${seen.loss[k]} fox losses`);
solution.close();
closeSync(fd);
process.exitCode = wrong === 0 ? 0 : 1;
