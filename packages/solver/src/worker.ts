// A solver thread: told a tier's shared arrays, then solves the units of each level it is sent,
// claiming them one by one from a shared counter so that both threads stay busy to the end.
import { parentPort } from 'node:worker_threads';

import { type HalvedArrays, solveHalvedUnit } from './halved-kernel.js';
import { type Counts, solveUnit, type TierArrays } from './kernel.js';
import { levelUnits } from './levels.js';
import type { TierBuffers } from './storage.js';

/** What the main thread sends. */
export type WorkerTask =
  | (TierBuffers & {
      readonly type: 'tier';
      readonly shared: SharedArrayBuffer; // Int32Array: [next unit to claim, sets done in the tier]
    })
  | { readonly type: 'level'; readonly level: number };

/** A tier's arrays for its format's kernel: format 1's full arrays or format 2's halved ones. */
type Arrays =
  { readonly format: 1; readonly arrays: TierArrays } | { readonly format: 2; readonly arrays: HalvedArrays };

/** Views of a tier's buffers for the kernel. */
export function tierArrays(b: TierBuffers): Arrays {
  const view = (s: SharedArrayBuffer | null): Uint32Array | null => (s === null ? null : new Uint32Array(s));
  const common = { k: b.k, fw: view(b.fw)!, x: view(b.x), below: view(b.below) };
  return b.format === 1 ? { format: 1, arrays: { ...common, gw: view(b.gw)! } } : { format: 2, arrays: common };
}

/** A worker's answer to a level: its win counts. */
export interface LevelDone {
  readonly foxWins: number;
  readonly geeseWins: number;
}

/** Solves the units of a level, claiming each from `shared[0]` and adding its sets to `shared[1]`. */
export function solveLevel(a: Arrays, level: number, shared: Int32Array): LevelDone {
  const units = levelUnits(a.arrays.k, level);
  const counts: Counts = { foxWins: 0, geeseWins: 0 };
  for (;;) {
    const u = Atomics.add(shared, 0, 1);
    if (u >= units.length) break;
    const sets = a.format === 1 ? solveUnit(a.arrays, units[u]!, counts) : solveHalvedUnit(a.arrays, units[u]!, counts);
    Atomics.add(shared, 1, sets);
  }
  return counts;
}

let arrays: Arrays | null = null;
let shared: Int32Array | null = null;
parentPort?.on('message', (task: WorkerTask) => {
  if (task.type === 'tier') {
    arrays = tierArrays(task);
    shared = new Int32Array(task.shared);
    parentPort!.postMessage({ type: 'ready' });
  } else {
    parentPort!.postMessage({ type: 'done', ...solveLevel(arrays!, task.level, shared!) });
  }
});
