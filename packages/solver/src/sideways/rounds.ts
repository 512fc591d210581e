// One level settled by rounds: round 1 and 2 go over every set of the level, later rounds over the
// sets next to those the round before changed; each round's changes are written once it is over.
import { applyChanges, type WdlArrays, type WdlCounts } from './kernel.js';
import { levelPlan } from './plan.js';

/** Runs one round over a level: its counts and the records it put aside (rank, FW, FL each). */
export type RoundRunner = (
  level: number,
  round: number,
  changed: Int32Array | null, // from round 3: the ranks the round before changed
) => Promise<{ counts: WdlCounts; changes: readonly Uint32Array[] }>;

/** The first round that goes over a list of sets rather than the whole level. */
const LISTED_FROM = 3;

/** Settles one level of the tier in `a`: the counts it added, and the last round that changed something. */
export async function settleLevel(
  a: WdlArrays,
  level: number,
  run: RoundRunner,
  list: (n: number) => Int32Array = (n) => new Int32Array(n),
): Promise<{ counts: Omit<WdlCounts, 'changed'>; rounds: number }> {
  const plan = levelPlan(a.k, level);
  a.gw.fill(0, 0, plan.size);
  a.gl.fill(0, 0, plan.size);
  const total = { foxWins: 0, foxLosses: 0, geeseWins: 0, geeseLosses: 0 };
  let rounds = 0;
  let changed: Int32Array | null = null;
  for (let round = 1; ; round++) {
    if (round > 255) throw new Error(`tier ${a.k} level ${level}: more than 255 rounds`);
    const { counts, changes } = await run(level, round, round >= LISTED_FROM ? changed : null);
    for (const c of changes) applyChanges(a, c, round);
    total.foxWins += counts.foxWins;
    total.foxLosses += counts.foxLosses;
    total.geeseWins += counts.geeseWins;
    total.geeseLosses += counts.geeseLosses;
    if (counts.changed === 0) break;
    rounds = round;
    if (round + 1 >= LISTED_FROM) {
      let n = 0;
      for (const c of changes) n += c.length / 3;
      changed = list(n);
      let at = 0;
      for (const c of changes) for (let i = 0; i < c.length; i += 3) changed[at++] = c[i]!;
    }
  }
  return { counts: total, rounds };
}
