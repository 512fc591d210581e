// Helpers the solver's tests share: a seeded generator, the standard variant, a small table built
// once into a temporary folder, and the records of a tier read straight from the file.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getVariant, type Variant } from '@fg/rules';

import { tablePath } from './dir.js';
export { colexUnrank } from './geometry.js'; // the geese set of a record's rank, for tests that read records
import { buildWdlTable, wdlCompactPath, wdlPath } from './sideways/build.js';
import { convertWdlTable } from './sideways/convert.js';
import { buildTable } from './solve.js';
import { readHeader } from './table-file.js';

/** A seeded generator (an LCG), so that a failing case can be replayed. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `standard` with 13 geese and no sideways moves: the solved game. */
export const STANDARD: Variant = (() => {
  const v = getVariant('standard', { geese: 13 });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();

/**
 * The folder where one test run keeps each test table it built (set by the root vitest.config.ts's
 * globalSetup): a table is built once per run and every later caller gets a copy of it, the same bytes a
 * build of its own would write. Unset (a package's own vitest config, a script): every caller builds.
 */
const TEST_TABLES_ENV = 'FG_TEST_TABLES';

/** A lock older than this is ignored whoever holds it (a build of a test table takes seconds to minutes). */
const STALE_LOCK_MS = 10 * 60_000;

/** Whether the lock's holder is gone: its process ended (a worker killed at a timeout), or the lock is too old. */
function staleLock(lock: string): boolean {
  const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
  if (since === undefined) return false; // just released
  if (Date.now() - since > STALE_LOCK_MS) return true;
  let pid = 0;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // not written yet, or the lock was just released
  }
  if (!pid) return Date.now() - since > 5_000; // its holder died before it wrote its pid
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process is there
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * A new temporary folder holding what `build(folder)` writes: a copy of the run's kept build named
 * `key`, built first by whichever worker asks first (the others wait for it), or a build of its own.
 */
async function keptBuild(key: string, build: (dir: string) => Promise<void>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'solver-test-'));
  const store = process.env[TEST_TABLES_ENV];
  if (!store || !existsSync(store)) {
    await build(dir);
    return dir;
  }
  const kept = join(store, key);
  const lock = `${kept}.lock`;
  while (!existsSync(kept)) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
    } catch {
      // Another worker builds it: wait for its table, unless its holder is gone.
      if (staleLock(lock)) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      const fresh = mkdtempSync(`${kept}.building-`);
      await build(fresh);
      renameSync(fresh, kept); // whole or not at all: a reader never copies half a table
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  cpSync(kept, dir, { recursive: true }); // a copy: the caller may change or remove it
  return dir;
}

/** Builds the test table (tiers 4..upTo of the 13-geese options, format 1 unless told) into a new temporary folder. */
export function buildSmallTable(upTo: number, format: 1 | 2 = 1): Promise<string> {
  return keptBuild(`standard-13-up-to-${upTo}-format-${format}`, async (dir) => {
    await buildTable({ geese: 13, upTo, dir, format });
  });
}

/**
 * Builds the test table with sideways moves (tiers 4..upTo of the 13-geese options) into a new temporary
 * folder: the raw table.fgw, or with `compact` only the format-2 table.fgc converted from it (the raw one
 * moved to `raw.fgw` in the same folder, out of the readers' way).
 */
export async function buildSmallSidewaysTable(upTo: number, layout: 'raw' | 'compact' = 'raw'): Promise<string> {
  const dir = await keptBuild(`standard-13-sideways-up-to-${upTo}`, async (into) => {
    await buildWdlTable({ geese: 13, upTo, dir: into, checkpointSeconds: 0 }); // the saves after each level tested too
  });
  if (layout === 'compact') {
    convertWdlTable(wdlPath(dir, 13), wdlCompactPath(dir, 13));
    renameSync(wdlPath(dir, 13), join(dir, 'raw.fgw'));
  }
  return dir;
}

/** The FW and GW records of tier k of the table in `dir`, read whole (test tables are small). */
export function tierRecords(dir: string, k: number): { fw: Uint32Array; gw: Uint32Array } {
  const path = tablePath(dir, 13);
  const tier = readHeader(path).tiers.find((t) => t.geese === k)!;
  const bytes = readFileSync(path);
  const words = (offset: number): Uint32Array =>
    new Uint32Array(bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + 4 * tier.sets));
  return { fw: words(tier.fwOffset), gw: words(tier.gwOffset) };
}
