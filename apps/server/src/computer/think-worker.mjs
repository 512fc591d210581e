// The worker thread's entry: plain JavaScript, so it starts the same under tsx, vitest and node; it lets tsx load
// the TypeScript engine, then answers each task with think().
import { setPriority } from 'node:os';

import { register } from 'tsx/esm/api';

// Think below the event loop's priority: on Linux a nice value belongs to the calling thread, so this lowers only
// this worker, and under contention the server's own thread (moves, sockets) runs first. The search is bounded by
// time, so a busier machine costs it depth, never a late answer.
try {
  setPriority(10);
} catch {
  // not allowed here (some containers): think at the normal priority
}
register();
const { think } = await import('./think.ts');

/** Piscina calls the default export once per task. */
export default function run(task) {
  return think(task);
}
