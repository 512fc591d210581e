// A small targeted match, for tuning between full bench runs:
//   pnpm exec tsx packages/engine/bench/match.ts --a=8 --b=random --games=20 --variants=standard --opening=0
// a and b: a level 1-8, `random` or `greedy`. Games alternate sides (a plays fox in the even
// ones); prints a's W-D-L, its wins per side, how the games ended and the longest think.
import { type Side, VARIANT_IDS } from '@fg/rules';

import { option } from './args.js';
import type { GameJob, PlayerSpec } from './players.js';
import { playAll } from './pool.js';

const spec = (text: string): PlayerSpec =>
  text === 'random' || text === 'greedy' ? { kind: text } : { kind: 'level', level: Number(text) };

const a = spec(option('a', '8'));
const b = spec(option('b', '7'));
const games = Number(option('games', '8'));
const variants = option('variants', VARIANT_IDS.join(',')).split(',');
const openingPlies = Number(option('opening', '2'));
const timeScale = Number(option('scale', '1'));
const seed = Number(option('seed', '1'));
const sides = option('sides', 'both'); // both | fox | geese: the sides a plays

const plan = Array.from({ length: games }, (_, g) => {
  const aSide: Side = sides === 'both' ? (g % 2 === 0 ? 'fox' : 'geese') : (sides as Side);
  const variant = variants[Math.floor(g / 2) % variants.length]!;
  const job: GameJob = {
    variant,
    fox: aSide === 'fox' ? a : b,
    geese: aSide === 'fox' ? b : a,
    seed: seed * 10_000 + g,
    openingPlies,
    timeScale,
    maxPlies: 300,
  };
  return { aSide, job };
});
const started = Date.now();
const results = await playAll(plan.map((p) => p.job));
let wins = 0;
let draws = 0;
const winsAs: Record<Side, number> = { fox: 0, geese: 0 };
const gamesAs: Record<Side, number> = { fox: 0, geese: 0 };
const maxMs: Record<Side, number> = { fox: 0, geese: 0 };
results.forEach((r, i) => {
  const { aSide, job } = plan[i]!;
  gamesAs[aSide]++;
  maxMs[aSide] = Math.max(maxMs[aSide], r.maxMs[aSide]);
  if (r.winner === aSide) {
    wins++;
    winsAs[aSide]++;
  } else if (r.winner === null) draws++;
  const verdict = r.winner === aSide ? 'win' : r.winner === null ? 'draw' : 'loss';
  console.log(
    `${job.variant.padEnd(10)} a=${aSide.padEnd(5)} ${verdict.padEnd(4)} ${r.reason.padEnd(20)} ${r.plies} plies`,
  );
  if (verdict === 'loss' && process.argv.includes('--show-losses')) console.log(`    ${r.moves.join(' ')}`);
});
const losses = results.length - wins - draws;
const score = (100 * (wins + draws / 2)) / results.length;
console.log(
  `a ${option('a', '8')} vs b ${option('b', '7')}: ${wins}-${draws}-${losses} (${score.toFixed(0)}%), as fox ${winsAs.fox}/${gamesAs.fox}, as geese ${winsAs.geese}/${gamesAs.geese}; longest think of a: fox ${maxMs.fox} ms, geese ${maxMs.geese} ms; ${Math.round((Date.now() - started) / 1000)} s`,
);
