// Plays games on a pool of worker threads (one per core, at most two), for the strength bench
// and the small targeted matches of match.ts.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

import type { GameJob, GameResult } from './players.js';

/** Worker threads used: the cores, at most two (the machine is shared). */
export const THREADS = Math.max(1, Math.min(2, availableParallelism()));

/** Plays every job on the pool; results in job order, progress on stderr. */
export async function playAll(jobs: GameJob[], threads = THREADS): Promise<GameResult[]> {
  const results: GameResult[] = new Array<GameResult>(jobs.length);
  let next = 0;
  let done = 0;
  const thread = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url));
      const feed = (): void => {
        if (next >= jobs.length) {
          void worker.terminate().then(() => resolve());
          return;
        }
        const i = next++;
        worker.once('message', (result: GameResult) => {
          results[i] = result;
          process.stderr.write(`\r${++done}/${jobs.length} games`);
          feed();
        });
        worker.postMessage(jobs[i]);
      };
      worker.on('error', reject);
      feed();
    });
  await Promise.all(Array.from({ length: Math.min(threads, jobs.length) }, thread));
  process.stderr.write('\n');
  return results;
}
