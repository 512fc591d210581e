// The solve with sideways moves on the calling thread, every tier held in memory: for test-size tables
// (tiers 4..6 take seconds) and for the checks that hold it against a plain retrograde analysis.
import { choose, MIN_GEESE, POINTS } from '../geometry.js';
import { maxLevel, minLevel } from '../levels.js';
import { applyChanges, Changes, solveUnitRound, type WdlArrays, type WdlCounts } from './kernel.js';
import { levelPlan } from './plan.js';

/** One solved tier: FW and FL by colex rank, its counts, and the rounds each level took. */
export interface MemoryTier {
  readonly k: number;
  readonly fw: Uint32Array;
  readonly fl: Uint32Array;
  readonly gw: Uint32Array | null; // GW, GL by colex rank when asked for (checks)
  readonly gl: Uint32Array | null;
  readonly counts: Omit<WdlCounts, 'changed'>;
  readonly rounds: number; // the most rounds that changed something in any level of the tier
}

/** Solves tiers 4..upTo; `sideways: false` solves the game without sideways moves the same way. */
export function solveInMemory(
  upTo: number,
  options: { readonly sideways: boolean; readonly keepGeese?: boolean },
): MemoryTier[] {
  const tiers: MemoryTier[] = [];
  let below: { xw: Uint32Array; xl: Uint32Array } | null = null;
  for (let k = MIN_GEESE; k <= upTo; k++) {
    const n = choose(POINTS, k);
    let largest = 0;
    for (let level = minLevel(k); level <= maxLevel(k); level++) largest = Math.max(largest, levelPlan(k, level).size);
    const arrays: WdlArrays = {
      k,
      sideways: options.sideways,
      fw: new Uint32Array(n),
      fl: new Uint32Array(n),
      xw: k < upTo ? new Uint32Array(n) : null,
      xl: k < upTo ? new Uint32Array(n) : null,
      bw: below?.xw ?? null,
      bl: below?.xl ?? null,
      stamp: new Uint8Array(n),
      gw: new Uint32Array(largest),
      gl: new Uint32Array(largest),
      geese: options.keepGeese ? { gw: new Uint32Array(n), gl: new Uint32Array(n) } : undefined,
    };
    const counts = solveTier(arrays);
    tiers.push({
      k,
      fw: arrays.fw,
      fl: arrays.fl,
      gw: arrays.geese?.gw ?? null,
      gl: arrays.geese?.gl ?? null,
      counts: counts.counts,
      rounds: counts.rounds,
    });
    below = arrays.xw ? { xw: arrays.xw, xl: arrays.xl! } : null;
  }
  return tiers;
}

/** Solves every level of one tier from the top down, each by rounds until nothing changes. */
function solveTier(a: WdlArrays): { counts: Omit<WdlCounts, 'changed'>; rounds: number } {
  const counts: WdlCounts = { foxWins: 0, foxLosses: 0, geeseWins: 0, geeseLosses: 0, changed: 0 };
  let rounds = 0;
  for (let level = maxLevel(a.k); level >= minLevel(a.k); level--) {
    const plan = levelPlan(a.k, level);
    a.gw.fill(0, 0, plan.size);
    a.gl.fill(0, 0, plan.size);
    for (let round = 1; ; round++) {
      if (round > 255) throw new Error(`tier ${a.k} level ${level}: more than 255 rounds`);
      const changes = new Changes();
      counts.changed = 0;
      plan.units.forEach((u, i) => solveUnitRound(a, u, plan.firsts[i]!, round, counts, changes));
      applyChanges(a, changes.data.subarray(0, changes.length), round);
      if (counts.changed === 0) break;
      rounds = Math.max(rounds, round);
    }
  }
  const { changed: _, ...rest } = counts;
  return { counts: rest, rounds };
}
