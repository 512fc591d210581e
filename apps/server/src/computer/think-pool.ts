// The computer thinks in worker threads, never on the event loop: a small pool (COMPUTER_THREADS, by default the cores less one).
import { Piscina } from 'piscina';

import type { ThinkAnswer, ThinkTask } from './think.js';

/** Every move should be answered within this, waiting in the queue included (levels 1-8 promise 2 s at most). */
const ANSWER_MS = 1800;
/** Below this a search says little; a move never gets less. */
const MIN_THINK_MS = 100;

/**
 * The time one more move may think when `inFlight` tasks are already queued or running on `threads` threads: all of
 * them share the threads, so each gets its part of ANSWER_MS and the last in the queue still answers in time.
 */
export function fairShareMs(inFlight: number, threads: number): number {
  return Math.max(MIN_THINK_MS, Math.floor((ANSWER_MS * threads) / (inFlight + 1)));
}

/** A pool of worker threads that run ThinkTasks first come, first served. */
export class ThinkPool {
  readonly #piscina: Piscina<ThinkTask, ThinkAnswer>;
  readonly #threads: number;
  #inFlight = 0; // tasks queued or running

  constructor(threads: number) {
    this.#threads = threads;
    this.#piscina = new Piscina({
      filename: new URL('./think-worker.mjs', import.meta.url).href,
      // Threads start with the first task, not with the server: most servers (and tests) never play the computer.
      minThreads: 0,
      maxThreads: threads,
      // One task per thread at a time: a search uses its thread fully; the queue (FIFO) holds the rest, and since
      // each table asks for one move at a time, many games share the threads in turn.
      concurrentTasksPerWorker: 1,
      idleTimeout: 60_000,
    });
  }

  /** Runs a task on the next free thread; a move thinks no longer than its fair share of the threads allows. */
  async run(task: ThinkTask): Promise<ThinkAnswer> {
    const share = fairShareMs(this.#inFlight, this.#threads);
    const timeMs = task.kind === 'move' ? Math.min(task.timeMs ?? share, share) : task.timeMs;
    this.#inFlight++;
    try {
      return await this.#piscina.run(timeMs === undefined ? task : { ...task, timeMs });
    } finally {
      this.#inFlight--;
    }
  }

  /** Stops the threads; tasks still queued are rejected. */
  async close(): Promise<void> {
    await this.#piscina.destroy();
  }
}
