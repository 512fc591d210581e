// The solver's threads: each tier's shared arrays go to every thread once, then each level is solved
// by all of them together (or on this thread when there are none, as tests and small tables do).
import { Worker } from 'node:worker_threads';

import type { TierBuffers } from './storage.js';
import { type LevelDone, solveLevel, tierArrays, type WorkerTask } from './worker.js';

/** Runs levels on `threads` worker threads, or on the calling thread when `threads` is 0. */
export class Pool {
  private readonly workers: Worker[] = [];
  /** [next unit to claim, sets done in the current tier]. */
  readonly shared = new Int32Array(new SharedArrayBuffer(8));
  private arrays: ReturnType<typeof tierArrays> | null = null;

  constructor(threads: number) {
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url));
      worker.unref();
      this.workers.push(worker);
    }
  }

  /** Hands every thread the arrays of the next tier; `setsDone` sets of it are solved already. */
  async tier(buffers: TierBuffers, setsDone: number): Promise<void> {
    Atomics.store(this.shared, 1, setsDone);
    this.arrays = tierArrays(buffers);
    const task: WorkerTask = { type: 'tier', ...buffers, shared: this.shared.buffer };
    await Promise.all(this.workers.map((w) => this.ask(w, task)));
  }

  /** Solves one level of the current tier; returns the win counts it added. */
  async level(level: number): Promise<LevelDone> {
    Atomics.store(this.shared, 0, 0);
    if (this.workers.length === 0) return solveLevel(this.arrays!, level, this.shared);
    const answers = await Promise.all(this.workers.map((w) => this.ask(w, { type: 'level', level })));
    return answers.reduce((a, b) => ({ foxWins: a.foxWins + b.foxWins, geeseWins: a.geeseWins + b.geeseWins }));
  }

  /** Ends the threads. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private ask(worker: Worker, task: WorkerTask): Promise<LevelDone> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: { type: string } & LevelDone): void => {
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
