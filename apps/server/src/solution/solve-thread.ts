// The background build's worker thread: it builds one solution table with the solver on this one thread, at the
// lowest priority (on Linux a nice value belongs to the calling thread, so only this thread yields: moves and
// sockets on the event loop run first), and tells the server its progress, its log lines and its end.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

import { buildTable } from '@fg/solver';

/** What the server asks for. */
export interface SolveTask {
  readonly geese: number; // 13
  readonly upTo: number; // the last tier: `geese` for the full table, less for a test-size one
  readonly dir: string; // the solutions directory
}

/** What the thread tells the server. */
export type SolveMessage =
  | {
      readonly type: 'progress';
      readonly tier: number;
      readonly top: number;
      readonly share: number;
      readonly secondsLeft: number | null;
    }
  | { readonly type: 'log'; readonly line: string }
  | { readonly type: 'done'; readonly path: string; readonly wallSeconds: number; readonly peakRssBytes: number }
  | { readonly type: 'failed'; readonly message: string };

/** The lowest priority there is (19); where lowering is not allowed, the thread builds at the normal one. */
function lowestPriority(): boolean {
  try {
    setPriority(19);
    return true;
  } catch {
    return false;
  }
}

const port = parentPort!;
const task = workerData as SolveTask;
const say = (message: SolveMessage): void => port.postMessage(message);
if (!lowestPriority())
  say({ type: 'log', line: 'cannot lower the build thread priority here; it runs at the normal one' });
try {
  const built = await buildTable({
    geese: task.geese,
    upTo: task.upTo,
    dir: task.dir,
    workers: 0, // this thread only
    onProgress: (p) => say({ type: 'progress', tier: p.tier, top: p.top, share: p.share, secondsLeft: p.secondsLeft }),
    log: (line) => say({ type: 'log', line }),
  });
  say({ type: 'done', path: built.path, wallSeconds: built.wallSeconds, peakRssBytes: built.peakRssBytes });
} catch (error) {
  say({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
