// A thread of the solve with sideways moves: told a tier's shared arrays, then runs the rounds it is
// sent, claiming the level's units one by one from a shared counter; it hands back its counts and
// the records it put aside (written by the main thread once every thread has finished the round).
import { parentPort } from 'node:worker_threads';

import { Changes, solveNeighbours, solveUnitRound, type WdlArrays, type WdlCounts } from './kernel.js';
import { levelPlan } from './plan.js';

/** The shared buffers of one tier. */
export interface WdlBuffers {
  readonly k: number;
  readonly sideways: boolean;
  readonly fw: SharedArrayBuffer;
  readonly fl: SharedArrayBuffer;
  readonly xw: SharedArrayBuffer | null;
  readonly xl: SharedArrayBuffer | null;
  readonly bw: SharedArrayBuffer | null;
  readonly bl: SharedArrayBuffer | null;
  readonly stamp: SharedArrayBuffer;
  readonly mark: SharedArrayBuffer; // by rank: the round a listed set was taken in
  readonly gw: SharedArrayBuffer;
  readonly gl: SharedArrayBuffer;
}

/** What the main thread sends. */
export type WdlTask =
  | ({ readonly type: 'tier'; readonly shared: SharedArrayBuffer } & WdlBuffers)
  | {
      readonly type: 'round';
      readonly level: number;
      readonly round: number;
      readonly changed: Int32Array | null; // on a SharedArrayBuffer
    };

/** A thread's answer to a round. */
export interface RoundDone {
  readonly counts: WdlCounts;
  readonly changes: Uint32Array; // rank, FW, FL per record
}

/** Views of a tier's buffers for the kernel. */
export function wdlArrays(b: WdlBuffers): WdlArrays {
  const view = (s: SharedArrayBuffer | null): Uint32Array | null => (s === null ? null : new Uint32Array(s));
  return {
    k: b.k,
    sideways: b.sideways,
    fw: view(b.fw)!,
    fl: view(b.fl)!,
    xw: view(b.xw),
    xl: view(b.xl),
    bw: view(b.bw),
    bl: view(b.bl),
    stamp: new Uint8Array(b.stamp),
    mark: new Uint8Array(b.mark),
    gw: view(b.gw)!,
    gl: view(b.gl)!,
  };
}

/** How many listed sets a thread claims at once. */
const CHUNK = 256;

/**
 * Runs one round over a level: over its units, claiming each from `shared[0]` and adding its sets
 * to `shared[1]`; or, given the sets the round before changed, over their neighbours, claiming
 * chunks of the list.
 */
export function runRound(
  arrays: WdlArrays,
  level: number,
  round: number,
  shared: Int32Array,
  changed: Int32Array | null,
): RoundDone {
  const plan = levelPlan(arrays.k, level);
  const counts: WdlCounts = { foxWins: 0, foxLosses: 0, geeseWins: 0, geeseLosses: 0, changed: 0 };
  const changes = new Changes();
  if (changed) {
    for (;;) {
      const from = Atomics.add(shared, 0, CHUNK);
      if (from >= changed.length) break;
      const to = Math.min(changed.length, from + CHUNK);
      solveNeighbours(arrays, plan, changed, from, to, round, arrays.mark!, counts, changes);
      Atomics.add(shared, 1, to - from);
    }
    return { counts, changes: changes.data.slice(0, changes.length) };
  }
  for (;;) {
    const u = Atomics.add(shared, 0, 1);
    if (u >= plan.units.length) break;
    Atomics.add(shared, 1, solveUnitRound(arrays, plan.units[u]!, plan.firsts[u]!, round, counts, changes));
  }
  return { counts, changes: changes.data.slice(0, changes.length) };
}

let arrays: WdlArrays | null = null;
let shared: Int32Array | null = null;
parentPort?.on('message', (task: WdlTask) => {
  if (task.type === 'tier') {
    arrays = wdlArrays(task);
    shared = new Int32Array(task.shared);
    parentPort!.postMessage({ type: 'ready' });
  } else {
    const done = runRound(arrays!, task.level, task.round, shared!, task.changed);
    parentPort!.postMessage({ type: 'done', ...done }, [done.changes.buffer as ArrayBuffer]);
  }
});
