// summary.json beside the table: per tier counts over every k-subset and every fox point outside it
// (reachable or not, so that an independent solver can compare exactly), the start's verdict, the
// winning first moves, the wall time and the peak RSS.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { applyMove, generateMoves, getVariant, makeMoveText, startPosition } from '@fg/rules';

import { tableFolder } from './dir.js';
import type { TierSummary } from './header.js';
import { openSolution } from './lookup.js';
import type { BuildResult } from './solve.js';

/** The contents of summary.json. */
export interface SolveSummary {
  readonly variant: 'standard';
  readonly options: { readonly geese: number; readonly sideways: false };
  readonly maxGeese: number;
  readonly tiers: readonly TierSummary[];
  readonly start: {
    readonly winner: string; // who wins the start with perfect play
    readonly winningMoves: readonly string[]; // the fox's first moves that keep the win (none when the geese win)
    readonly replies: Readonly<Record<string, readonly string[]>>; // after each fox first move: the geese's winning replies ([] where the fox wins)
  } | null; // null for a test table
  readonly wallSeconds: number;
  readonly peakRssBytes: number;
  readonly resumed: boolean; // the build was stopped and continued (wall time adds up the runs)
}

/** Writes summary.json for a finished build and returns it. */
export function writeSummary(dir: string, build: BuildResult): SolveSummary {
  const { header } = build;
  const options = { geese: header.options.geese, sideways: false } as const; // a build's table: no sideways moves
  let start: SolveSummary['start'] = null;
  if (header.maxGeese === header.options.geese) {
    const solution = openSolution(dir, options)!;
    const variant = getVariant('standard', options);
    if (!variant.ok) throw new Error(variant.error.message);
    const position = startPosition(variant.value);
    const verdict = solution.verdict(position);
    const replies: Record<string, readonly string[]> = {};
    for (const path of generateMoves(variant.value, position)) {
      const after = solution.verdict(applyMove(variant.value, position, path));
      replies[makeMoveText(variant.value.board, path)] = after.winner === 'geese' ? after.keep : [];
    }
    solution.close();
    start = { winner: verdict.winner, winningMoves: verdict.keep, replies };
  }
  const summary: SolveSummary = {
    variant: 'standard',
    options,
    maxGeese: header.maxGeese,
    tiers: header.tiers.map(({ geese, sets, foxToMove, geeseToMove }) => ({ geese, sets, foxToMove, geeseToMove })),
    start,
    wallSeconds: Math.round(build.wallSeconds * 10) / 10,
    peakRssBytes: build.peakRssBytes,
    resumed: build.resumed,
  };
  writeFileSync(join(tableFolder(dir, header.options.geese), 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  return summary;
}
