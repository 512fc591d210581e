// Reading the table with sideways moves in format 2 (docs/solution.md, "Sideways moves"): per tier two
// sets of fox-to-move position indices, `foxWins` and `foxLoses`, the rest draws; geese-to-move values
// one ply away (solution.ts). Pure TypeScript over the file's bytes (the server holds it in memory).
import type { Position } from '@fg/rules';

import { positionIndex, rowsOf } from '../compact.js';
import { readCompact } from '../compact-file.js';
import type { EliasFano } from '../elias-fano.js';
import type { CompactHeader, CompactTier } from '../header.js';
import { makeWdlSolution, type Outcome, type WdlSolution } from './solution.js';
import type { WdlTierSummary } from './table-file.js';

/** A tier of the compact table with sideways moves: format 2's entry with the wdl-1 figures (draws, rounds, quiet plies). */
type CompactWdlTier = CompactTier & WdlTierSummary;

/** The header of the compact table with sideways moves. */
export interface CompactWdlHeader extends CompactHeader {
  readonly tiers: readonly CompactWdlTier[];
}

/** A WdlSolution over a format-2 file's bytes (kept, not copied); throws naming what is wrong, with `name` (its path). */
export function compactWdlSolution(bytes: Uint8Array, name: string): WdlSolution {
  const { header, sets } = readCompact(bytes, name);
  if (header.verdicts !== 'win-loss-draw' || !header.options.sideways)
    throw new Error(`${name} holds ${header.verdicts} verdicts; this reader answers the table with sideways moves`);
  const wins: EliasFano[] = [];
  const losses: EliasFano[] = [];
  for (const t of header.tiers as readonly CompactWdlTier[]) {
    const byName = sets.get(t.geese)!;
    const w = byName.get('foxWins');
    const l = byName.get('foxLoses');
    if (!w || !l || t.rest !== 'draw' || typeof t.quietPlies !== 'number')
      throw new Error(
        `${name}: tier ${t.geese} should store the fox-to-move sets foxWins and foxLoses, draws the rest`,
      );
    wins[t.geese] = w;
    losses[t.geese] = l;
  }
  return makeWdlSolution({
    name,
    header: header as CompactWdlHeader,
    foxOutcome(position: Position, k: number): Outcome {
      const { sigma, key, fox } = rowsOf(position);
      const index = positionIndex(sigma, key, fox);
      return wins[k]!.has(index) ? 'win' : losses[k]!.has(index) ? 'loss' : 'draw';
    },
    close: () => {},
  });
}
