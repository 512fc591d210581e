// A solver thread: told a tier's shared arrays, then solves the units of each level it is sent,
// claiming them one by one from a shared counter so that both threads stay busy to the end.
import { parentPort } from 'node:worker_threads';

import { type Counts, solveUnit, type TierArrays } from './kernel.js';
import { levelUnits } from './levels.js';

/** What the main thread sends. */
export type WorkerTask =
  | {
      readonly type: 'tier';
      readonly k: number;
      readonly fw: SharedArrayBuffer;
      readonly gw: SharedArrayBuffer;
      readonly x: SharedArrayBuffer | null;
      readonly below: SharedArrayBuffer | null;
      readonly shared: SharedArrayBuffer; // Int32Array: [next unit to claim, sets done in the tier]
    }
  | { readonly type: 'level'; readonly level: number };

/** A worker's answer to a level: its win counts. */
export interface LevelDone {
  readonly foxWins: number;
  readonly geeseWins: number;
}

/** Solves the units of a level, claiming each from `shared[0]` and adding its sets to `shared[1]`. */
export function solveLevel(arrays: TierArrays, level: number, shared: Int32Array): LevelDone {
  const units = levelUnits(arrays.k, level);
  const counts: Counts = { foxWins: 0, geeseWins: 0 };
  for (;;) {
    const u = Atomics.add(shared, 0, 1);
    if (u >= units.length) break;
    Atomics.add(shared, 1, solveUnit(arrays, units[u]!, counts));
  }
  return counts;
}

let arrays: TierArrays | null = null;
let shared: Int32Array | null = null;
parentPort?.on('message', (task: WorkerTask) => {
  if (task.type === 'tier') {
    const view = (b: SharedArrayBuffer | null): Uint32Array | null => (b === null ? null : new Uint32Array(b));
    arrays = { k: task.k, fw: view(task.fw)!, gw: view(task.gw)!, x: view(task.x), below: view(task.below) };
    shared = new Int32Array(task.shared);
    parentPort!.postMessage({ type: 'ready' });
  } else {
    parentPort!.postMessage({ type: 'done', ...solveLevel(arrays!, task.level, shared!) });
  }
});
