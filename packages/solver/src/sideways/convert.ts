// `pnpm solve --convert <table.fgw>`: the table with sideways moves (raw wdl-1) as format 2
// (docs/solution.md, "Sideways moves"): per tier the fox-to-move wins and losses as two Elias-Fano sets
// over the canonical position indices (`foxWins`, `foxLoses`), draws the rest; the geese-to-move values
// are one ply of goose moves away (solution.ts). Tier by tier, one pass over each tier's two arrays,
// holding one tier's canonical FW and FL records (2.3 GB for tier 13) and the finished sets.
import { closeSync, existsSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { canonicalSets } from '../canonical.js';
import { compactLayout, recordSet, type TierToWrite } from '../compact-file.js';
import { compactBase, readCanonicalRecords, writeCompact } from '../convert.js';
import type { CompactWdlHeader } from './compact.js';
import { readWdlHeader, tierFigures, WDL_MAGIC, type WdlTierSummary } from './table-file.js';

/** One converted tier, for the log and summary.json. */
interface ConvertedTier {
  readonly geese: number;
  readonly foxWins: { readonly members: number; readonly bytes: number };
  readonly foxLoses: { readonly members: number; readonly bytes: number };
}

/**
 * Converts the wdl-1 table at `input` into format 2 at `output` (through a temporary name); checks each
 * tier's counts of fox-to-move wins and losses against the header's. Returns the new header and the tiers' sizes.
 */
export function convertWdlTable(
  input: string,
  output: string,
  log: (line: string) => void = () => {},
): { header: CompactWdlHeader; tiers: ConvertedTier[] } {
  const old = readWdlHeader(input);
  const fd = openSync(input, 'r');
  const tiers: TierToWrite[] = [];
  const sizes: ConvertedTier[] = [];
  // One pair of buffers for every tier (the top tier's size), so a tier does not wait on the collector.
  const fwAll = new Uint32Array(canonicalSets(old.maxGeese));
  const flAll = new Uint32Array(canonicalSets(old.maxGeese));
  try {
    for (const t of old.tiers) {
      const k = t.geese;
      const fw = fwAll.subarray(0, canonicalSets(k));
      const fl = flAll.subarray(0, canonicalSets(k));
      const [winCount, lossCount] = readCanonicalRecords(fd, k, [
        { offset: t.fwOffset, into: fw },
        { offset: t.flOffset, into: fl },
      ]);
      if (winCount !== t.foxToMove.foxWins || lossCount !== t.foxToMove.foxLosses)
        throw new Error(
          `${input}: tier ${k} counts ${winCount} fox wins and ${lossCount} fox losses where its header says ${t.foxToMove.foxWins} and ${t.foxToMove.foxLosses}`,
        );
      const wins = recordSet(fw, k);
      const losses = recordSet(fl, k);
      const entry: TierToWrite & WdlTierSummary = {
        ...tierFigures(t),
        canonicalSets: fw.length,
        rest: 'draw',
        stored: [
          { name: 'foxWins', turn: 'fox', verdict: 'win', ...wins },
          { name: 'foxLoses', turn: 'fox', verdict: 'loss', ...losses },
        ],
      };
      tiers.push(entry);
      sizes.push({
        geese: k,
        foxWins: { members: wins.members, bytes: wins.data.length },
        foxLoses: { members: losses.members, bytes: losses.data.length },
      });
      log(
        `tier ${k}: ${wins.members} fox wins (${wins.data.length} bytes) and ${losses.members} fox losses (${losses.data.length} bytes) of ${fw.length * (33 - k)} canonical positions`,
      );
    }
  } finally {
    closeSync(fd);
  }
  const base = compactBase(old.options.geese, old.maxGeese);
  const { header, parts } = compactLayout(
    { ...base, options: { geese: old.options.geese, sideways: true }, verdicts: 'win-loss-draw' },
    tiers,
  );
  writeCompact(output, parts);
  return { header: header as CompactWdlHeader, tiers: sizes };
}

/** Whether the file at `path` is a raw wdl-1 table (by its first bytes). */
export function isWdlTable(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const magic = Buffer.alloc(8);
    readSync(fd, magic, 0, 8, 0);
    return magic.toString('latin1') === WDL_MAGIC;
  } finally {
    closeSync(fd);
  }
}

/** What a conversion cost and wrote, as summary.json's `compact` records it. */
interface ConversionFigures {
  readonly file: string;
  readonly bytes: number;
  readonly wallSeconds: number;
  readonly peakRssBytes: number;
  readonly tiers: readonly ConvertedTier[];
}

/** Adds the conversion's figures to the summary.json beside the raw table `input`, when there is one. */
export function recordConversion(input: string, figures: ConversionFigures): void {
  const path = join(dirname(input), 'summary.json');
  if (!existsSync(path)) return;
  const summary = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const compact = { ...figures, wallSeconds: Math.round(figures.wallSeconds * 10) / 10 };
  writeFileSync(path, JSON.stringify({ ...summary, compact }, null, 2) + '\n');
}
