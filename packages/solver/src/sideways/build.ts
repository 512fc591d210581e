// The build of the table with sideways moves: tiers from 4 geese upward, each tier's levels from the
// top down, each level by rounds until nothing changes (kernel.ts), on worker threads sharing the
// arrays. Resumable by tier and by level: each finished tier, and every few minutes the levels done
// of the current tier, are written with a state file saying how far the run got. Files in
// <dir>/standard-<geese>-sideways/: table.fgw (table-file.ts), table.fgw.partial and state.json while
// it is built, x-<k>.bin (X of tier k for tier k + 1: XW then XL), summary.json.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

import { CROSS33 } from '@fg/rules';

import { loadBuffer, readAll, saveBuffer, writeAll } from '../file-io.js';
import { choose, MIN_GEESE, POINTS } from '../geometry.js';
import { maxLevel, minLevel } from '../levels.js';
import { diskShortage, memoryShortage, xBufferSizes } from '../resources.js';
import { checksum, HEADER_BYTES } from '../table-file.js';
import type { WdlCounts } from './kernel.js';
import { levelPlan } from './plan.js';
import { WdlPool } from './pool.js';
import { settleLevel } from './rounds.js';
import {
  encodeWdlHeader,
  readWdlHeader,
  WDL_FORMAT,
  type WdlHeader,
  wdlOffsets,
  type WdlTierEntry,
} from './table-file.js';
import type { WdlBuffers } from './worker.js';

/** The folder of the sideways table of these options inside the solutions directory. */
export function wdlFolder(dir: string, geese: number): string {
  return join(dir, `standard-${geese}-sideways`);
}

/** The table file of these options. */
export function wdlPath(dir: string, geese: number): string {
  return join(wdlFolder(dir, geese), 'table.fgw');
}

/** The compact table (format 2) of these options, converted from table.fgw (convert.ts); readers prefer it. */
export function wdlCompactPath(dir: string, geese: number): string {
  return join(wdlFolder(dir, geese), 'table.fgc');
}

/** What to build. */
export interface WdlSolveOptions {
  readonly geese: number;
  readonly upTo?: number; // tiers 4..upTo only (a test table)
  readonly dir: string;
  readonly workers?: number; // threads; 0 solves on the calling thread
  readonly checkpointSeconds?: number; // how often a long tier saves the levels done (default 300)
  readonly stopAfterLevels?: number; // stop (as a kill would) after this many levels of this run: for tests
  readonly onProgress?: (p: WdlProgress) => void;
  readonly log?: (line: string) => void;
}

/** How far a build is, for the progress bar. */
interface WdlProgress {
  readonly tier: number;
  readonly top: number;
  readonly level: number;
  readonly round: number;
  readonly tierShare: number; // 0..1 of the tier's sets, by levels done
  readonly share: number; // 0..1 of the whole build's work (sets weighted by geese)
  readonly secondsLeft: number | null;
}

/** The saved state of an unfinished build. */
interface State {
  readonly format: typeof WDL_FORMAT;
  readonly geese: number;
  readonly upTo: number;
  readonly done: WdlTierEntry[];
  partial: {
    k: number;
    nextLevel: number;
    setsDone: number;
    counts: Omit<WdlCounts, 'changed'>;
    rounds: number;
  } | null;
  wallMs: number;
}

/** What a finished build reports. */
export interface WdlBuildResult {
  readonly header: WdlHeader;
  readonly path: string;
  readonly wallSeconds: number;
  readonly peakRssBytes: number;
  readonly resumed: boolean;
}

const sets = (k: number): number => choose(POINTS, k);

/** The most sets one level of any tier 4..top holds (the level-local GW and GL arrays). */
function largestLevel(top: number): number {
  let most = 0;
  for (let k = MIN_GEESE; k <= top; k++)
    for (let level = minLevel(k); level <= maxLevel(k); level++) most = Math.max(most, levelPlan(k, level).size);
  return most;
}

/** Bytes the build up to `top` geese holds: FW, FL, the stamps and marks, X of two tiers, the level's GW and GL. */
function wdlMemory(top: number): number {
  const [a, b] = xBufferSizes(top);
  return 4 * 2 * sets(top) + 2 * sets(top) + 8 * (a + b) + 8 * largestLevel(top) + 512 * 2 ** 20;
}

/** Builds (or finishes building) the table with sideways moves for `standard` with these options. */
export async function buildWdlTable(options: WdlSolveOptions): Promise<WdlBuildResult> {
  const { geese, dir } = options;
  const top = options.upTo ?? geese;
  if (top < MIN_GEESE || top > geese) throw new Error(`bad --up-to ${top}; expected ${MIN_GEESE}..${geese}`);
  const log = options.log ?? ((): void => {});
  const folder = wdlFolder(dir, geese);
  mkdirSync(folder, { recursive: true });
  const statePath = join(folder, 'state.json');
  const finished = wdlPath(dir, geese);
  const partialPath = finished + '.partial';
  const xPath = (k: number): string => join(folder, `x-${k}.bin`);
  const started = Date.now();
  if (existsSync(finished) && readWdlHeader(finished).maxGeese === top) {
    log(`the table is built already: ${finished}`);
    const summaryPath = join(folder, 'summary.json');
    const old = existsSync(summaryPath)
      ? (JSON.parse(readFileSync(summaryPath, 'utf8')) as {
          wallSeconds: number;
          peakRssBytes: number;
          resumed: boolean;
        })
      : { wallSeconds: 0, peakRssBytes: 0, resumed: false };
    return { header: readWdlHeader(finished), path: finished, ...old };
  }

  let state: State | null = existsSync(statePath) ? (JSON.parse(readFileSync(statePath, 'utf8')) as State) : null;
  if (
    state &&
    (state.format !== WDL_FORMAT || state.geese !== geese || state.upTo !== top || !existsSync(partialPath))
  ) {
    log(`an unfinished build for other options was found in ${folder}; starting over`);
    state = null;
  }
  const resumed = state !== null;
  if (!state) {
    for (let k = 0; k <= POINTS; k++) rmSync(xPath(k), { force: true });
    rmSync(partialPath, { force: true });
    state = { format: WDL_FORMAT, geese, upTo: top, done: [], partial: null, wallMs: 0 };
  } else {
    const at = state.partial
      ? `tier ${state.partial.k}, below level ${state.partial.nextLevel + 1}`
      : `tier ${MIN_GEESE + state.done.length}`;
    log(`resuming the unfinished build in ${folder} at ${at}`);
  }
  const memory = memoryShortage(wdlMemory(top));
  if (memory) throw new Error(`${memory}; nothing was written`);
  let fileBytes = HEADER_BYTES;
  for (let k = MIN_GEESE; k <= top; k++) fileBytes += 8 * sets(k);
  const have = existsSync(partialPath) ? statSync(partialPath).size : 0;
  const disk = diskShortage(folder, fileBytes - have + 8 * sets(Math.max(MIN_GEESE, top - 1)));
  if (disk) throw new Error(disk);

  const offsets = wdlOffsets(MIN_GEESE, top, sets);
  const fd = openSync(partialPath, existsSync(partialPath) ? 'r+' : 'w+');
  const earlierMs = state.wallMs;
  const saveState = (): void => {
    state.wallMs = earlierMs + (Date.now() - started);
    writeFileSync(statePath + '.tmp', JSON.stringify(state));
    renameSync(statePath + '.tmp', statePath);
  };
  const work = (k: number): number => sets(k) * k;
  let totalWork = 0;
  for (let k = MIN_GEESE; k <= top; k++) totalWork += work(k);
  let workBefore = 0;
  for (const t of state.done) workBefore += work(t.geese);
  const runStart = {
    at: Date.now(),
    work: workBefore + (state.partial ? state.partial.setsDone * state.partial.k : 0),
  };

  // The same shared buffers serve every tier: FW, FL and the stamps at the top tier's size, two X
  // buffers (XW and XL) taking turns by the tier's parity, and the level-local GW and GL.
  const fwBuffer = new SharedArrayBuffer(4 * sets(top));
  const flBuffer = new SharedArrayBuffer(4 * sets(top));
  const stampBuffer = new SharedArrayBuffer(sets(top));
  const markBuffer = new SharedArrayBuffer(sets(top));
  const xSizes = xBufferSizes(top);
  const xBuffers = xSizes.map((n) => [new SharedArrayBuffer(4 * n), new SharedArrayBuffer(4 * n)] as const);
  const levelSize = largestLevel(top);
  const gwBuffer = new SharedArrayBuffer(4 * levelSize);
  const glBuffer = new SharedArrayBuffer(4 * levelSize);
  const firstTier = MIN_GEESE + state.done.length;
  const pool = new WdlPool(options.workers ?? 0);
  let levelsThisRun = 0;
  try {
    for (let k = firstTier; k <= top; k++) {
      const n = sets(k);
      const bytes = 4 * n;
      const partial = state.partial?.k === k ? state.partial : null;
      const off = offsets.get(k)!;
      const view = (b: SharedArrayBuffer, length = bytes): Uint8Array => new Uint8Array(b, 0, length);
      const own = k < top ? xBuffers[k % 2]! : null;
      const below = k > MIN_GEESE ? xBuffers[(k - 1) % 2]! : null;
      const buffers: WdlBuffers = {
        k,
        sideways: true,
        fw: fwBuffer,
        fl: flBuffer,
        xw: own?.[0] ?? null,
        xl: own?.[1] ?? null,
        bw: below?.[0] ?? null,
        bl: below?.[1] ?? null,
        stamp: stampBuffer,
        mark: markBuffer,
        gw: gwBuffer,
        gl: glBuffer,
      };
      const loadX = (path: string, pair: readonly [SharedArrayBuffer, SharedArrayBuffer], count: number): void => {
        const both = new Uint8Array(8 * count);
        loadBuffer(path, both);
        view(pair[0], 4 * count).set(both.subarray(0, 4 * count));
        view(pair[1], 4 * count).set(both.subarray(4 * count));
      };
      const saveX = (): void => {
        if (!own) return;
        const both = new Uint8Array(8 * n);
        both.set(view(own[0]), 0);
        both.set(view(own[1]), 4 * n);
        saveBuffer(xPath(k), both);
      };
      if (below && k === firstTier) loadX(xPath(k - 1), below, sets(k - 1));
      if (partial) {
        readAll(fd, view(fwBuffer), off.fw);
        readAll(fd, view(flBuffer), off.fl);
        if (own) loadX(xPath(k), own, n);
      }
      const tally = {
        counts: partial?.counts ?? { foxWins: 0, foxLosses: 0, geeseWins: 0, geeseLosses: 0 },
        setsDone: partial?.setsDone ?? 0,
        rounds: partial?.rounds ?? 0,
      };
      new Uint8Array(markBuffer, 0, n).fill(0); // marks of the tier before would skip sets of this one
      const arrays = await pool.tier(buffers);
      let lastSave = Date.now();
      let where = { level: 0, round: 0 };
      const report = (): void => {
        const workDone = workBefore + tally.setsDone * k;
        const rate = (workDone - runStart.work) / ((Date.now() - runStart.at) / 1000);
        options.onProgress?.({
          tier: k,
          top,
          ...where,
          tierShare: tally.setsDone / n,
          share: workDone / totalWork,
          secondsLeft: workDone - runStart.work > totalWork / 500 ? (totalWork - workDone) / rate : null,
        });
      };
      const timer = setInterval(report, 1000);
      try {
        for (let level = partial ? partial.nextLevel : maxLevel(k); level >= minLevel(k); level--) {
          const plan = levelPlan(k, level);
          const settled = await settleLevel(
            arrays,
            level,
            (l, round, changed) => {
              where = { level: l, round };
              return pool.round(l, round, changed);
            },
            (n) => new Int32Array(new SharedArrayBuffer(4 * n)),
          );
          tally.counts.foxWins += settled.counts.foxWins;
          tally.counts.foxLosses += settled.counts.foxLosses;
          tally.counts.geeseWins += settled.counts.geeseWins;
          tally.counts.geeseLosses += settled.counts.geeseLosses;
          tally.rounds = Math.max(tally.rounds, settled.rounds);
          tally.setsDone += plan.size;
          report();
          levelsThisRun++;
          const stop = options.stopAfterLevels !== undefined && levelsThisRun >= options.stopAfterLevels;
          if (level > minLevel(k) && (stop || Date.now() - lastSave > 1000 * (options.checkpointSeconds ?? 300))) {
            // The levels done so far; a level is saved whole or not at all (the state names the next).
            writeAll(fd, view(fwBuffer), off.fw);
            writeAll(fd, view(flBuffer), off.fl);
            fsyncSync(fd);
            saveX();
            state.partial = { k, nextLevel: level - 1, ...tally };
            saveState();
            log(`tier ${k}: saved the levels above ${level - 1}`);
            lastSave = Date.now();
          }
          if (stop) throw new Error(`stopped after ${levelsThisRun} levels, as asked`);
        }
      } finally {
        clearInterval(timer);
      }
      writeAll(fd, view(fwBuffer), off.fw);
      writeAll(fd, view(flBuffer), off.fl);
      fsyncSync(fd);
      saveX();
      const free = n * (POINTS - k);
      const c = tally.counts;
      state.done.push({
        geese: k,
        sets: n,
        foxToMove: {
          positions: free,
          foxWins: c.foxWins,
          draws: free - c.foxWins - c.foxLosses,
          foxLosses: c.foxLosses,
        },
        geeseToMove: {
          positions: free,
          geeseWins: c.geeseWins,
          draws: free - c.geeseWins - c.geeseLosses,
          geeseLosses: c.geeseLosses,
        },
        rounds: tally.rounds,
        quietPlies: 2 * tally.rounds,
        fwOffset: off.fw,
        flOffset: off.fl,
        checksum: {
          fw: checksum(new Uint32Array(fwBuffer, 0, n)),
          fl: checksum(new Uint32Array(flBuffer, 0, n)),
        },
      });
      state.partial = null;
      saveState();
      rmSync(xPath(k - 1), { force: true });
      workBefore += work(k);
      log(
        `tier ${k} done: ${n} sets; fox to move: ${c.foxWins} wins, ${c.foxLosses} losses of ${free}; geese to move: ${c.geeseWins} wins, ${c.geeseLosses} losses; ${tally.rounds} rounds at most in a level`,
      );
    }
  } finally {
    await pool.close();
  }
  const header: WdlHeader = {
    format: WDL_FORMAT,
    variant: 'standard',
    options: { geese, sideways: true },
    minGeese: MIN_GEESE,
    maxGeese: top,
    points: CROSS33.points.map((p) => p.name),
    record:
      'uint32 LE mask over the free points in index order; FW bit = fox to move wins, FL bit = fox to move loses, neither = draw',
    tiers: state.done,
  };
  writeAll(fd, encodeWdlHeader(header), 0);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(partialPath, finished);
  rmSync(statePath, { force: true });
  rmSync(wdlCompactPath(dir, geese), { force: true }); // converted from an older table: convert again
  readWdlHeader(finished);
  return {
    header,
    path: finished,
    wallSeconds: (earlierMs + (Date.now() - started)) / 1000,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    resumed,
  };
}
