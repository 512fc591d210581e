// Helpers the solver's tests share: a seeded generator, the standard variant, a small table built
// once into a temporary folder, and the records of a tier read straight from the file.
import { mkdtempSync, readFileSync, renameSync } from 'node:fs';
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

/** Builds the test table (tiers 4..upTo of the 13-geese options, format 1 unless told) into a new temporary folder. */
export async function buildSmallTable(upTo: number, format: 1 | 2 = 1): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'solver-test-'));
  await buildTable({ geese: 13, upTo, dir, format });
  return dir;
}

/**
 * Builds the test table with sideways moves (tiers 4..upTo of the 13-geese options) into a new temporary
 * folder: the raw table.fgw, or with `compact` only the format-2 table.fgc converted from it (the raw one
 * moved to `raw.fgw` in the same folder, out of the readers' way).
 */
export async function buildSmallSidewaysTable(upTo: number, layout: 'raw' | 'compact' = 'raw'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'solver-sideways-test-'));
  await buildWdlTable({ geese: 13, upTo, dir });
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
