// The threads of the solve with sideways moves: each tier's shared arrays go to every thread once,
// then each round of a level is run by all of them together (or on this thread when there are none).
import { Worker } from 'node:worker_threads';

import type { WdlArrays, WdlCounts } from './kernel.js';
import { type RoundDone, runRound, wdlArrays, type WdlBuffers, type WdlTask } from './worker.js';

/** Runs rounds on `threads` worker threads, or on the calling thread when `threads` is 0. */
export class WdlPool {
  private readonly workers: Worker[] = [];
  /** [next unit to claim, sets done in the current round]. */
  readonly shared = new Int32Array(new SharedArrayBuffer(8));
  private arrays: WdlArrays | null = null;

  constructor(threads: number) {
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url));
      worker.unref();
      this.workers.push(worker);
    }
  }

  /** Hands every thread the arrays of the next tier. */
  async tier(buffers: WdlBuffers): Promise<WdlArrays> {
    this.arrays = wdlArrays(buffers);
    const task: WdlTask = { type: 'tier', ...buffers, shared: this.shared.buffer };
    await Promise.all(this.workers.map((w) => this.ask(w, task)));
    return this.arrays;
  }

  /** Runs one round of a level of the current tier: the counts it added and the records it put aside. */
  async round(
    level: number,
    round: number,
    changed: Int32Array | null,
  ): Promise<{ counts: WdlCounts; changes: Uint32Array[] }> {
    Atomics.store(this.shared, 0, 0);
    Atomics.store(this.shared, 1, 0);
    const answers: RoundDone[] =
      this.workers.length === 0
        ? [runRound(this.arrays!, level, round, this.shared, changed)]
        : await Promise.all(this.workers.map((w) => this.ask(w, { type: 'round', level, round, changed })));
    const counts: WdlCounts = { foxWins: 0, foxLosses: 0, geeseWins: 0, geeseLosses: 0, changed: 0 };
    for (const a of answers) {
      counts.foxWins += a.counts.foxWins;
      counts.foxLosses += a.counts.foxLosses;
      counts.geeseWins += a.counts.geeseWins;
      counts.geeseLosses += a.counts.geeseLosses;
      counts.changed += a.counts.changed;
    }
    return { counts, changes: answers.map((a) => a.changes) };
  }

  /** Ends the threads. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private ask(worker: Worker, task: WdlTask): Promise<RoundDone> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: RoundDone): void => {
        worker.off('error', onError);
        resolve(m);
      };
      const onError = (e: Error): void => {
        worker.off('message', onMessage);
        reject(e);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
      worker.postMessage(task);
    });
  }
}
