// The computer's worker thread: it thinks below the event loop's priority (on Linux a nice value belongs to the
// calling thread, so this lowers only this worker, and under contention the server's own thread, moves and sockets,
// runs first). The search is bounded by time, so a busier machine costs it depth, never a late answer.
import { setPriority } from 'node:os';

import { think, type ThinkAnswer, type ThinkTask } from './think.js';

try {
  setPriority(10);
} catch {
  // not allowed here (some containers): think at the normal priority
}

/** Piscina calls the default export once per task. */
export default function run(task: ThinkTask): ThinkAnswer {
  return think(task);
}
