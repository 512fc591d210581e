// The solve with sideways moves on the calling thread, every tier held in memory: for test-size tables
// (tiers 4..6 take seconds) and for the checks that hold it against a plain retrograde analysis.
import { choose, MIN_GEESE, POINTS } from '../geometry.js';
import { maxLevel, minLevel } from '../levels.js';
import type { WdlArrays, WdlCounts } from './kernel.js';
import { levelPlan } from './plan.js';
import { settleLevel } from './rounds.js';
import { runRound } from './worker.js';

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
export async function solveInMemory(
  upTo: number,
  options: { readonly sideways: boolean; readonly keepGeese?: boolean },
): Promise<MemoryTier[]> {
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
      mark: new Uint8Array(n),
      gw: new Uint32Array(largest),
      gl: new Uint32Array(largest),
      geese: options.keepGeese ? { gw: new Uint32Array(n), gl: new Uint32Array(n) } : undefined,
    };
    const counts = await solveTier(arrays);
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
async function solveTier(a: WdlArrays): Promise<{ counts: Omit<WdlCounts, 'changed'>; rounds: number }> {
  const counts = { foxWins: 0, foxLosses: 0, geeseWins: 0, geeseLosses: 0 };
  let rounds = 0;
  const shared = new Int32Array(2);
  for (let level = maxLevel(a.k); level >= minLevel(a.k); level--) {
    const settled = await settleLevel(a, level, (l, round, changed) => {
      shared.fill(0);
      const done = runRound(a, l, round, shared, changed);
      return Promise.resolve({ counts: done.counts, changes: [done.changes] });
    });
    counts.foxWins += settled.counts.foxWins;
    counts.foxLosses += settled.counts.foxLosses;
    counts.geeseWins += settled.counts.geeseWins;
    counts.geeseLosses += settled.counts.geeseLosses;
    rounds = Math.max(rounds, settled.rounds);
  }
  return { counts, rounds };
}
