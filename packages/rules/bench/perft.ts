// `pnpm bench` part 1: perft leaf counts per second from every variant's start position, and the
// fast counter against a plain one (legal move lists, every move played) in the same run.
import { applyMove, generateMoves } from '../src/moves.js';
import { materialOutcome } from '../src/outcome.js';
import { perft } from '../src/perft.js';
import { type Position, startPosition } from '../src/position.js';
import { getVariant, type Variant } from '../src/variants.js';

/** The plain counter: lists and plays every move, counting the last level by list length. */
function plainPerft(v: Variant, position: Position, depth: number): number {
  if (materialOutcome(v, position)) return 0;
  const moves = generateMoves(v, position);
  if (depth === 1) return moves.length;
  let sum = 0;
  for (const m of moves) sum += plainPerft(v, applyMove(v, position, m), depth - 1);
  return sum;
}

/** Runs `count` at least `minSeconds`, returning leaves and the best leaves per second. */
function measure(count: () => number, minSeconds: number): { leaves: number; perSecond: number } {
  let best = 0;
  let leaves: number;
  const start = performance.now();
  do {
    const t = performance.now();
    leaves = count();
    best = Math.max(best, leaves / ((performance.now() - t) / 1000));
  } while ((performance.now() - start) / 1000 < minSeconds);
  return { leaves, perSecond: best };
}

const quick = process.argv.includes('--quick');
// Standard at two depths: the last ply is the fox's at odd depths and the geese's at even ones.
const CASES: [string, Record<string, unknown>, number][] = [
  ['standard', {}, 8],
  ['standard', {}, 7],
  ['standard', { geese: 15 }, 7],
  ['standard', { geese: 17 }, 7],
  ['standard', { sideways: true }, 7],
  ['two-foxes', {}, 7],
  ['big-cross', {}, 7],
  ['raevskak', {}, 6],
  ['raevskak', { geese: 15 }, 7],
  ['raevskak', { geese: 17 }, 7],
];

const mleaves = (n: number): string => (n / 1e6).toFixed(1).padStart(8);
console.log('perft from the start position (best of repeated runs; M leaves/s)');
console.log(
  'variant                          depth        leaves    fast M/s  plain M/s  ratio  (plain: move lists, every move played)',
);
let standard8 = 0;
const parity: Record<string, number> = {}; // standard: fast / plain at odd and even depth
for (const [id, options, fullDepth] of CASES) {
  const v = getVariant(id, options);
  if (!v.ok) throw new Error(v.error.message);
  const start = startPosition(v.value);
  const depth = quick ? fullDepth - 1 : fullDepth;
  const fast = measure(() => perft(v.value, start, depth), quick ? 0.2 : 1);
  const plain = measure(() => plainPerft(v.value, start, depth), 0);
  const plainStandard = id === 'standard' && Object.keys(options).length === 0;
  if (plainStandard && depth === 8) standard8 = fast.perSecond;
  if (plainStandard) parity[depth % 2 ? 'odd' : 'even'] = fast.perSecond / plain.perSecond;
  const label = `${id} ${JSON.stringify(options)}`.padEnd(32);
  console.log(
    `${label} ${String(depth).padStart(5)} ${String(fast.leaves).padStart(13)} ${mleaves(fast.perSecond)}    ${mleaves(plain.perSecond)}  ${(fast.perSecond / plain.perSecond).toFixed(1).padStart(5)}x`,
  );
}
if (standard8) {
  const verdict = standard8 >= 60e6 ? 'PASS' : 'MISS';
  console.log(`target: perft standard 8 at least 60 M leaves/s: ${(standard8 / 1e6).toFixed(1)} M/s ${verdict}`);
}
for (const [kind, ratio] of Object.entries(parity)) {
  const verdict = ratio >= 2 ? 'PASS' : 'MISS';
  console.log(`target: perft standard at ${kind} depth at least 2x the plain counter: ${ratio.toFixed(1)}x ${verdict}`);
}
