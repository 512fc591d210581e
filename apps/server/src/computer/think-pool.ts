// The computer thinks in worker threads, never on the event loop: a small pool sized to the cores.
import { availableParallelism } from 'node:os';

import { Piscina } from 'piscina';

import type { ThinkAnswer, ThinkTask } from './think.js';

/** Threads for thinking: the cores less one for the event loop, at least one. */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** A pool of worker threads that run ThinkTasks first come, first served. */
export class ThinkPool {
  readonly #piscina: Piscina<ThinkTask, ThinkAnswer>;

  constructor(threads: number = defaultThreads()) {
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

  /** Runs a task on the next free thread. */
  run(task: ThinkTask): Promise<ThinkAnswer> {
    return this.#piscina.run(task);
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.#piscina.queueSize;
  }

  /** Stops the threads; tasks still queued are rejected. */
  async close(): Promise<void> {
    await this.#piscina.destroy();
  }
}
