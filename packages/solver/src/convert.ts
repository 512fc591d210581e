// `pnpm solve --convert <table.fgs>`: a format-1 table as format 2 (docs/solution.md), tier by tier,
// holding one tier's canonical FW records at a time (1.15 GB for tier 13).
import { closeSync, openSync, renameSync } from 'node:fs';

import { CROSS33 } from '@fg/rules';

import { bitOf, canonicalIndex, canonicalSets, RADIX_WEIGHT, rowOf } from './canonical.js';
import { compactLayout, foxLossSet, type TierToWrite } from './compact-file.js';
import { popcount } from './elias-fano.js';
import { readAll, writeAll } from './file-io.js';
import { choose, POINTS } from './geometry.js';
import type { CompactHeader, TierSummary } from './header.js';
import { readHeader } from './table-file.js';

/** How format 2 says a position's index reads. */
const INDEX_TEXT =
  "canonical index of the geese set (docs/solution.md) x (33 - geese) + the fox point's rank among the canonical set's free points";

/** The format-2 header's fields that do not depend on the tiers. */
export function compactBase(geese: number, maxGeese: number): Omit<CompactHeader, 'tiers' | 'format'> {
  return {
    variant: 'standard',
    options: { geese, sideways: false },
    minGeese: 4,
    maxGeese,
    points: CROSS33.points.map((p) => p.name),
    verdicts: 'win-loss',
    index: INDEX_TEXT,
  };
}

/** A tier's entry for format 2 from its canonical FW records and its figures. */
function compactTier(summary: TierSummary, fw: Uint32Array): TierToWrite {
  const set = foxLossSet(fw, summary.geese);
  return {
    ...summary,
    canonicalSets: fw.length,
    rest: 'win',
    stored: [{ name: 'foxLoses', turn: 'fox', verdict: 'loss', ...set }],
  };
}

/** Writes the file's pieces to `path` (through a temporary name, so a reader never sees half a file). */
export function writeCompact(path: string, parts: readonly Uint8Array[]): void {
  const fd = openSync(path + '.tmp', 'w');
  let at = 0;
  try {
    for (const part of parts) {
      writeAll(fd, part, at);
      at += part.length;
    }
  } finally {
    closeSync(fd);
  }
  renameSync(path + '.tmp', path);
}

/**
 * Reads arrays of a tier's records (each C(33, k) uint32 words by colex rank, from byte `offset` of
 * `fd`) in one pass, and keeps those of the canonical sets in `into` at their canonical index (a mirror
 * image's record is its canonical set's, mirrored). Returns each array's bits set over every record,
 * mirror images included.
 */
export function readCanonicalRecords(
  fd: number,
  k: number,
  arrays: readonly { readonly offset: number; readonly into: Uint32Array }[],
): number[] {
  const total = choose(POINTS, k);
  const step = Math.min(1 << 21, total);
  const chunks = arrays.map(() => new Uint32Array(step));
  const pts = Int32Array.from({ length: k }, (_, i) => i); // the set of colex rank 0
  const sigma = new Int32Array(7);
  const bits = arrays.map(() => 0);
  for (let done = 0; done < total; done += step) {
    const size = Math.min(step, total - done);
    arrays.forEach((a, i) => readAll(fd, new Uint8Array(chunks[i]!.buffer, 0, 4 * size), a.offset + 4 * done));
    for (let j = 0; j < size; j++) {
      sigma.fill(0);
      let key = 0;
      for (let i = 0; i < k; i++) {
        const p = pts[i]!;
        sigma[rowOf[p]!] = sigma[rowOf[p]!]! | (1 << bitOf[p]!);
        key += RADIX_WEIGHT[rowOf[p]!]!;
      }
      const c = canonicalIndex(sigma, key);
      for (let a = 0; a < arrays.length; a++) {
        const mask = chunks[a]![j]!;
        bits[a]! += popcount(mask);
        if ((c & 1) === 0) arrays[a]!.into[c >>> 1] = mask;
      }
      // The next set in colex order: raise the lowest point that can rise, the ones below it start over.
      let i = 0;
      while (i < k - 1 && pts[i]! + 1 === pts[i + 1]) i++;
      pts[i]!++;
      for (let q = 0; q < i; q++) pts[q] = q;
    }
  }
  return bits;
}

/** Converts the format-1 table at `input` into format 2 at `output`; returns the new header. */
export function convertTable(input: string, output: string, log: (line: string) => void = () => {}): CompactHeader {
  const old = readHeader(input);
  const fd = openSync(input, 'r');
  const tiers: TierToWrite[] = [];
  try {
    for (const t of old.tiers) {
      const k = t.geese;
      const n = POINTS - k;
      const fw = new Uint32Array(canonicalSets(k));
      const [wins] = readCanonicalRecords(fd, k, [{ offset: t.fwOffset, into: fw }]);
      if (wins !== t.foxToMove.foxWins)
        throw new Error(`${input}: tier ${k} counts ${wins} fox wins where its header says ${t.foxToMove.foxWins}`);
      const { geese, sets, foxToMove, geeseToMove } = t;
      tiers.push(compactTier({ geese, sets, foxToMove, geeseToMove }, fw));
      log(
        `tier ${k}: ${tiers.at(-1)!.stored[0]!.members} fox-to-move losses of ${fw.length * n} canonical positions, ${tiers.at(-1)!.stored[0]!.data.length} bytes`,
      );
    }
  } finally {
    closeSync(fd);
  }
  const { header, parts } = compactLayout(compactBase(old.options.geese, old.maxGeese), tiers);
  writeCompact(output, parts);
  return header;
}
