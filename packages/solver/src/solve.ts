// The solve: tiers from 4 geese upward, each tier's levels from the top down (levels.ts), on worker
// threads sharing the arrays. Resumable: each finished tier, and every few minutes the levels done
// of the current tier, are written to disk with a state file saying how far the run got; a run
// started again picks up from there. Files in <dir>/standard-<geese>/:
//   table.fgc (format 2, by default) or table.fgs (format 1), the files storage.ts keeps while it
//   is built, state.json (how far the build got), x-<k>.bin (X masks of tier k, for tier k + 1),
//   summary.json.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { BuildState, type State } from './build-state.js';
import { tableFolder } from './dir.js';
import { loadBuffer, saveBuffer } from './file-io.js';
import { choose, MIN_GEESE, POINTS } from './geometry.js';
import type { SolutionHeader, TierSummary } from './header.js';
import { levelUnits, maxLevel, minLevel, unitSize } from './levels.js';
import { openSolutionFile } from './lookup.js';
import { Pool } from './pool.js';
import { diskShortage, memoryShortage, solveMemory, xBufferSizes } from './resources.js';
import { format1Storage, format2Storage, type Storage, type TierBuffers } from './storage.js';

/** What to build. */
export interface SolveOptions {
  readonly geese: number; // the options' starting geese: 13, 15 or 17
  readonly upTo?: number; // build tiers 4..upTo only (a test table); default `geese`
  readonly dir: string; // the solutions directory
  readonly workers?: number; // threads; 0 solves on the calling thread
  readonly format?: 1 | 2; // 2 (default): the mirror-halved build writing table.fgc; 1: the full build writing table.fgs
  readonly checkpointSeconds?: number; // how often a long tier saves the levels done (default 300)
  readonly onProgress?: (p: Progress) => void;
  readonly log?: (line: string) => void;
}

/** How far a build is, for the progress bar. */
export interface Progress {
  readonly tier: number; // geese in the tier being solved
  readonly top: number; // the last tier
  readonly tierShare: number; // 0..1 of the tier's sets
  readonly share: number; // 0..1 of the whole build's work (sets weighted by geese)
  readonly secondsLeft: number | null; // estimated from this run's rate; null before any is known
}

/** What a finished build reports. */
export interface BuildResult {
  readonly header: SolutionHeader;
  readonly path: string;
  readonly wallSeconds: number;
  readonly peakRssBytes: number;
  readonly resumed: boolean;
}

const sets = (k: number): number => choose(POINTS, k);
/** The work of tier k, for progress: its sets weighted by its geese. */
const work = (k: number): number => sets(k) * k;

/** The table when it is built already for these options: reported as its build did (summary.json's figures). */
function builtAlready(storage: Storage, folder: string, top: number, log: (line: string) => void): BuildResult | null {
  const finished = storage.finished;
  if (!existsSync(finished) || openSolutionFile(finished).header.maxGeese !== top) return null;
  log(`the table is built already: ${finished}`);
  const summaryPath = join(folder, 'summary.json');
  const old = existsSync(summaryPath)
    ? (JSON.parse(readFileSync(summaryPath, 'utf8')) as { wallSeconds: number; peakRssBytes: number; resumed: boolean })
    : { wallSeconds: 0, peakRssBytes: 0, resumed: false };
  return {
    header: openSolutionFile(finished).header,
    path: finished,
    wallSeconds: old.wallSeconds,
    peakRssBytes: old.peakRssBytes,
    resumed: old.resumed,
  };
}

/** Refuses to start (nothing written) when the machine lacks the memory or the disk the build needs. */
function preflight(storage: Storage, folder: string, top: number, format: 1 | 2): void {
  const memory = memoryShortage(solveMemory(top, format));
  if (memory) throw new Error(`${memory}; nothing was written`);
  const disk = diskShortage(folder, storage.diskNeeded());
  if (disk) throw new Error(disk);
}

/** One run of a build: what every tier of it shares. */
interface Run {
  readonly options: SolveOptions;
  readonly top: number;
  readonly state: State;
  readonly storage: Storage;
  readonly pool: Pool;
  readonly xPath: (k: number) => string;
  readonly saveState: () => void;
  readonly log: (line: string) => void;
  readonly totalWork: number;
  readonly start: { readonly at: number; readonly work: number }; // when this run began and the work done by then
  workBefore: number; // of tiers finished before the current tier
}

/** The shared arrays of tier k, the X masks of the tier below loaded when this run starts there. */
type Buffers = (k: number) => TierBuffers;

/** Solves tier k level by level from the top (or where a checkpoint left it), saving a checkpoint every few minutes. */
async function solveTier(run: Run, buffersOf: Buffers, k: number, first: boolean): Promise<void> {
  const { options, top, state, storage, pool, xPath, log } = run;
  const partial = state.partial?.k === k ? state.partial : null;
  const xView = (b: SharedArrayBuffer, tier: number): Uint8Array => new Uint8Array(b, 0, 4 * storage.records(tier));
  const buffers = buffersOf(k);
  if (buffers.below && first) loadBuffer(xPath(k - 1), xView(buffers.below, k - 1));
  if (partial) {
    storage.restore(buffers);
    if (buffers.x) loadBuffer(xPath(k), xView(buffers.x, k));
  }
  const tally = {
    foxWins: partial?.foxWins ?? 0,
    geeseWins: partial?.geeseWins ?? 0,
    setsDone: partial?.setsDone ?? 0,
  };
  await pool.tier(buffers, tally.setsDone);
  let lastSave = Date.now();
  const report = (): void => {
    const done = Atomics.load(pool.shared, 1);
    const workDone = run.workBefore + done * k;
    const rate = (workDone - run.start.work) / ((Date.now() - run.start.at) / 1000);
    options.onProgress?.({
      tier: k,
      top,
      tierShare: done / sets(k),
      share: workDone / run.totalWork,
      // Guess only once this run has done a little: its first seconds go to loading arrays.
      secondsLeft: workDone - run.start.work > run.totalWork / 500 ? (run.totalWork - workDone) / rate : null,
    });
  };
  const timer = setInterval(report, 1000);
  try {
    for (let level = partial ? partial.nextLevel : maxLevel(k); level >= minLevel(k); level--) {
      const counts = await pool.level(level);
      tally.foxWins += counts.foxWins;
      tally.geeseWins += counts.geeseWins;
      for (const u of levelUnits(k, level)) tally.setsDone += unitSize(u);
      report();
      if (level > minLevel(k) && Date.now() - lastSave > 1000 * (options.checkpointSeconds ?? 300)) {
        // A chunk: the levels done so far. Every record is written once, so a run killed while
        // this is written still finds the previous checkpoint's records intact.
        storage.checkpoint(buffers);
        if (buffers.x) saveBuffer(xPath(k), xView(buffers.x, k));
        state.partial = { k, nextLevel: level - 1, ...tally };
        run.saveState();
        log(`tier ${k}: saved the levels above ${level - 1}`);
        lastSave = Date.now();
      }
    }
  } finally {
    clearInterval(timer);
  }
  if (buffers.x) saveBuffer(xPath(k), xView(buffers.x, k));
  const free = sets(k) * (POINTS - k);
  const summary: TierSummary = {
    geese: k,
    sets: sets(k),
    foxToMove: { positions: free, foxWins: tally.foxWins },
    geeseToMove: { positions: free, geeseWins: tally.geeseWins },
  };
  state.done.push(storage.finishTier(buffers, summary));
  state.partial = null;
  run.saveState();
  rmSync(xPath(k - 1), { force: true });
  run.workBefore += work(k);
  log(
    `tier ${k} done: ${sets(k)} sets, fox to move wins ${tally.foxWins} of ${free}, geese to move win ${tally.geeseWins} (${new Date().toISOString()})`,
  );
}

/** Builds (or finishes building) the table for `standard` with these options. */
export async function buildTable(options: SolveOptions): Promise<BuildResult> {
  const { geese, dir } = options;
  const top = options.upTo ?? geese;
  const format = options.format ?? 2;
  if (top < MIN_GEESE || top > geese) throw new Error(`bad --up-to ${top}; expected ${MIN_GEESE}..${geese}`);
  const log = options.log ?? ((): void => {});
  const folder = tableFolder(dir, geese);
  mkdirSync(folder, { recursive: true });
  const storage = format === 1 ? format1Storage(dir, geese, top) : format2Storage(dir, geese, top, log);
  const stateFile = new BuildState(folder);
  const xPath = (k: number): string => join(folder, `x-${k}.bin`);
  const started = Date.now();
  const built = builtAlready(storage, folder, top, log);
  if (built) return built;

  let state = stateFile.load({ format, geese, upTo: top }, () => storage.resumable());
  if (!state && stateFile.exists()) log(`an unfinished build for other options was found in ${folder}; starting over`);
  const resumed = state !== null;
  if (!state) {
    for (const k of [...Array(POINTS).keys()]) rmSync(xPath(k), { force: true });
    storage.clear();
    state = { format, geese, upTo: top, done: [], partial: null, wallMs: 0 };
  } else {
    const at = state.partial
      ? `tier ${state.partial.k}, below level ${state.partial.nextLevel + 1}`
      : `tier ${MIN_GEESE + state.done.length}`;
    log(`resuming the unfinished build in ${folder} at ${at}`);
  }
  preflight(storage, folder, top, format);

  const earlierMs = state.wallMs;
  let totalWork = 0;
  for (let k = MIN_GEESE; k <= top; k++) totalWork += work(k);
  let workBefore = 0;
  for (const t of state.done) workBefore += work(t.geese);

  // The same shared buffers serve every tier (a tier writes each of its records before it ends, so
  // what an earlier tier left in them does no harm): FW (and GW) at the top tier's size, and two X
  // buffers taking turns, so that the X a tier writes is the next tier's tier below as it stands.
  // Allocating each tier afresh left the last tier's arrays to the garbage collector: 13.86 GB RSS.
  const fwBuffer = new SharedArrayBuffer(4 * storage.records(top));
  const gwBuffer = format === 1 ? new SharedArrayBuffer(4 * storage.records(top)) : null;
  const xBuffers = xBufferSizes(top, storage.records).map((n) => new SharedArrayBuffer(4 * n));
  const buffersOf = (k: number): TierBuffers => ({
    k,
    format,
    fw: fwBuffer,
    gw: gwBuffer,
    x: k < top ? xBuffers[k % 2]! : null,
    below: k > MIN_GEESE ? xBuffers[(k - 1) % 2]! : null,
  });
  const firstTier = MIN_GEESE + state.done.length;
  const pool = new Pool(options.workers ?? 0);
  const saved = state;
  const run: Run = {
    options,
    top,
    state,
    storage,
    pool,
    xPath,
    log,
    totalWork,
    start: { at: Date.now(), work: workBefore + (state.partial ? state.partial.setsDone * state.partial.k : 0) },
    workBefore,
    saveState: () => {
      saved.wallMs = earlierMs + (Date.now() - started);
      stateFile.save(saved);
    },
  };
  try {
    for (let k = firstTier; k <= top; k++) await solveTier(run, buffersOf, k, k === firstTier);
  } finally {
    await pool.close();
  }
  const header = storage.finish(state.done);
  stateFile.remove();
  rmSync(xPath(top - 1), { force: true });
  const wallSeconds = (earlierMs + (Date.now() - started)) / 1000;
  openSolutionFile(storage.finished).close(); // the table as written opens
  return {
    header,
    path: storage.finished,
    wallSeconds,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    resumed,
  };
}
