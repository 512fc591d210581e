// The solution there by default (docs/solution.md "There by default"): a server that starts with no 13-geese table
// builds it in the background, in one worker thread at the lowest priority, while the site serves as usual; when
// it is done the table goes into service at once (level 9, the verdicts, the review's marks, the tablebase) without
// a restart. The solver checks free memory and disk before it allocates anything: when short, one log line says
// why and the server goes on without. One process builds at a time per solutions directory (a lock file); another
// instance (Redis mode) waits and opens the table once the builder has written it.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import { openSolution, tableFolder } from '@fg/solver';

import type { Solutions } from './solutions.js';
import type { SolveMessage, SolveTask } from './solve-thread.js';

/** The geese count built by default: the standard game. */
const DEFAULT_BUILD_GEESE = 13;

/** How often an instance waiting for another's build looks for the finished table. */
const WAIT_POLL_MS = 10_000;
/** How often a progress line goes to the log while building (besides each finished tier). */
const LOG_EVERY_MS = 60_000;

/** Where the background build is (GET /api/solution/status `build`). */
type BuildState =
  | 'off' // SOLVE=off
  | 'installed' // a table was there at start
  | 'waiting' // another process is building it in this directory
  | 'short' // not enough free memory or disk: not built
  | 'building'
  | 'done' // built by this server and in service
  | 'failed';

/** How far the build is. */
interface BuildProgress {
  readonly tier: number; // geese in the tier being solved
  readonly top: number; // the last tier
  readonly share: number; // 0..1 of the whole build's work
  readonly secondsLeft: number | null; // null while not yet estimated
}

/** The build's state as the status route shows it. */
export interface BuildStatus {
  readonly state: BuildState;
  readonly geese: number;
  readonly reason?: string; // why short or failed
  readonly progress?: BuildProgress; // while building
  readonly seconds?: number; // the build's wall time, once done
}

/** What to build, and where its words go. */
export interface BuildOptions {
  readonly geese?: number; // 13
  readonly upTo?: number; // the last tier; less than `geese` builds a test-size table
  readonly waitPollMs?: number; // how often a waiting instance looks for the table (10 s)
  readonly log: (level: 'info' | 'warn' | 'error', line: string, fields?: Record<string, unknown>) => void;
}

/** The background build of one table into the solutions directory of `solutions`. */
export class BackgroundBuild {
  readonly #solutions: Solutions;
  readonly #geese: number;
  readonly #upTo: number;
  readonly #log: BuildOptions['log'];
  readonly #waitPollMs: number;
  #status: BuildStatus;
  #worker: Worker | null = null;
  #poll: NodeJS.Timeout | null = null;
  #lock: string | null = null;
  #lastLine = 0;
  #closed = false;

  constructor(solutions: Solutions, options: BuildOptions) {
    this.#solutions = solutions;
    this.#geese = options.geese ?? DEFAULT_BUILD_GEESE;
    this.#upTo = options.upTo ?? this.#geese;
    this.#log = options.log;
    this.#waitPollMs = options.waitPollMs ?? WAIT_POLL_MS;
    this.#status = { state: 'off', geese: this.#geese };
  }

  /** The build's state now. */
  status(): BuildStatus {
    return this.#status;
  }

  /** Starts the build unless a table is installed, or another process builds it (then waits for its table). */
  start(): void {
    if (this.#solutions.has(this.#geese)) {
      this.#status = { state: 'installed', geese: this.#geese };
      return;
    }
    const folder = tableFolder(this.#solutions.dir, this.#geese);
    let holder: string | null;
    try {
      mkdirSync(folder, { recursive: true });
      holder = takeLock(join(folder, 'build.lock'));
    } catch (error) {
      this.#fail(`cannot write in ${folder}: ${(error as Error).message}`);
      return;
    }
    if (holder !== null) {
      this.#status = { state: 'waiting', geese: this.#geese };
      this.#log('info', `another process (${holder}) is building the solution table in ${folder}; waiting for it`);
      this.#poll = setInterval(() => this.#lookForTable(), this.#waitPollMs);
      this.#poll.unref();
      return;
    }
    this.#lock = join(folder, 'build.lock');
    this.#status = {
      state: 'building',
      geese: this.#geese,
      progress: { tier: 0, top: this.#upTo, share: 0, secondsLeft: null },
    };
    this.#log(
      'info',
      `no solution table for ${this.#geese} geese: building it in the background (one thread, lowest priority) into ${folder}; level 9 and the verdicts come when it is done (SOLVE=off turns this off)`,
    );
    const task: SolveTask = { geese: this.#geese, upTo: this.#upTo, dir: this.#solutions.dir };
    const worker = new Worker(new URL('./solve-worker.mjs', import.meta.url), { workerData: task });
    worker.unref(); // a server that stops does not wait for the build: it resumes at the next start
    worker.on('message', (message: SolveMessage) => this.#heard(message));
    worker.on('error', (error) => this.#ended(`the build thread failed: ${error.message}`));
    worker.on('exit', (code) => {
      if (this.#status.state === 'building' && !this.#closed) this.#ended(`the build thread exited (${code})`);
    });
    this.#worker = worker;
  }

  /** Stops the build (it resumes from its last checkpoint at the next start) and the waiting. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#poll) clearInterval(this.#poll);
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
    this.#releaseLock();
  }

  #heard(message: SolveMessage): void {
    if (message.type === 'progress') {
      const { tier, top, share, secondsLeft } = message;
      this.#status = { state: 'building', geese: this.#geese, progress: { tier, top, share, secondsLeft } };
      if (Date.now() - this.#lastLine >= LOG_EVERY_MS) {
        this.#lastLine = Date.now();
        this.#log('info', `building the solution table: ${(100 * share).toFixed(1)}%, tier ${tier} of ${top}`, {
          secondsLeft,
        });
      }
    } else if (message.type === 'log') this.#log('info', `solution build: ${message.line}`);
    else if (message.type === 'done') this.#built(message.wallSeconds);
    else this.#ended(message.message);
  }

  /** The table is written: open it, put it in service, let the thread end. */
  #built(wallSeconds: number): void {
    this.#worker = null;
    this.#releaseLock();
    try {
      const solution = openSolution(this.#solutions.dir, { geese: this.#geese });
      if (!solution) throw new Error('the finished table is not where it was written');
      this.#solutions.install(solution);
    } catch (error) {
      this.#fail(`the finished table does not open: ${(error as Error).message}`);
      return;
    }
    this.#status = { state: 'done', geese: this.#geese, seconds: Math.round(wallSeconds) };
    this.#log(
      'info',
      `solution table for ${this.#geese} geese built in ${Math.round(wallSeconds)} s and in service: level 9, the verdicts and the tablebase answer now`,
    );
  }

  /** The build stopped: short of memory or disk (one line, the solver's own words), or a failure. */
  #ended(reason: string): void {
    this.#worker = null;
    this.#releaseLock();
    if (this.#closed) return;
    if (/^not enough (memory|disk)/.test(reason)) {
      this.#status = { state: 'short', geese: this.#geese, reason };
      this.#log(
        'warn',
        `not building the solution table: ${reason}; level 9 and the verdicts stay off (SOLVE=off silences this)`,
      );
    } else this.#fail(reason);
  }

  #fail(reason: string): void {
    this.#status = { state: 'failed', geese: this.#geese, reason };
    this.#log('error', `the solution table build failed: ${reason}`);
  }

  /** Another process's build: open its table once it is there. */
  #lookForTable(): void {
    try {
      if (this.#solutions.openMissing().length === 0 && !this.#solutions.has(this.#geese)) return;
    } catch (error) {
      this.#fail(`the table another process built does not open: ${(error as Error).message}`);
    }
    if (this.#poll) clearInterval(this.#poll);
    if (this.#status.state === 'waiting') {
      this.#status = { state: 'installed', geese: this.#geese };
      this.#log(
        'info',
        `solution table for ${this.#geese} geese opened: level 9, the verdicts and the tablebase answer now`,
      );
    }
  }

  #releaseLock(): void {
    if (this.#lock) rmSync(this.#lock, { force: true });
    this.#lock = null;
  }
}

/**
 * Takes the lock file for this process (its content: `host pid`); null when taken, else who holds it. A lock left
 * by a process of this host that is gone (killed) is taken over.
 */
function takeLock(path: string): string | null {
  const me = `${hostname()} ${process.pid}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, me);
      closeSync(fd);
      return null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readFileSync(path, 'utf8').trim();
    const [host, pid] = holder.split(' ');
    if (host !== hostname() || alive(Number(pid))) return holder;
    rmSync(path, { force: true }); // its builder is gone: the build resumes here
  }
  return readFileSync(path, 'utf8').trim();
}

/** Whether a process of this host runs with that id. */
function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
