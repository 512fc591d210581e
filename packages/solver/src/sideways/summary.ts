// summary.json beside the table with sideways moves: per tier the counts of wins, draws and losses for
// each side to move over every k-subset and fox point (reachable or not), the rounds and quiet plies
// of the fifty-move figures, the start's value and the moves that keep it, the wall time and peak RSS.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  applyMove,
  generateMoves,
  getVariant,
  makeMoveText,
  type Position,
  startPosition,
  type Variant,
} from '@fg/rules';

import { type WdlBuildResult, wdlFolder, wdlPath } from './build.js';
import { openRawWdl, type WdlSolution } from './lookup.js';
import { tierFigures, type WdlTierSummary } from './table-file.js';

/** The contents of summary.json. */
export interface WdlSummary {
  readonly variant: 'standard';
  readonly options: { readonly geese: number; readonly sideways: true };
  readonly maxGeese: number;
  readonly tiers: readonly WdlTierSummary[];
  /** The most quiet plies any win or loss of tiers 4..maxGeese needs inside a level (fifty-move rule). */
  readonly quietPlies: number;
  readonly start: {
    readonly winner: string | null; // null: a draw
    readonly keep: readonly string[]; // the first moves that keep it
    readonly exact: boolean;
    /** After each first move: the replies that keep the opponent's value (its wins, else its draws; [] if it loses). */
    readonly replies: Readonly<Record<string, readonly string[]>>;
  } | null; // null for a test table
  readonly wallSeconds: number;
  readonly peakRssBytes: number;
  readonly resumed: boolean;
}

/** A position's verdict and, after each of its moves, the opponent's replies that keep its value (summary.json's `start`). */
export function valueWithReplies(
  solution: WdlSolution,
  variant: Variant,
  position: Position,
): NonNullable<WdlSummary['start']> {
  const replies: Record<string, readonly string[]> = {};
  for (const path of generateMoves(variant, position))
    replies[makeMoveText(variant.board, path)] = solution.verdict(applyMove(variant, position, path)).keep;
  return { ...solution.verdict(position), replies };
}

/** Writes summary.json for a finished build and returns it. */
export function writeWdlSummary(dir: string, build: WdlBuildResult): WdlSummary {
  const { header } = build;
  let start: WdlSummary['start'] = null;
  if (header.maxGeese === header.options.geese) {
    const solution = openRawWdl(wdlPath(dir, header.options.geese), header.options.geese);
    const variant = getVariant('standard', header.options);
    if (!variant.ok) throw new Error(variant.error.message);
    start = valueWithReplies(solution, variant.value, startPosition(variant.value));
    solution.close();
  }
  const tiers = header.tiers.map(tierFigures);
  const summary: WdlSummary = {
    variant: 'standard',
    options: header.options,
    maxGeese: header.maxGeese,
    tiers,
    quietPlies: Math.max(...tiers.map((t) => t.quietPlies)),
    start,
    wallSeconds: Math.round(build.wallSeconds * 10) / 10,
    peakRssBytes: build.peakRssBytes,
    resumed: build.resumed,
  };
  writeFileSync(join(wdlFolder(dir, header.options.geese), 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  return summary;
}
