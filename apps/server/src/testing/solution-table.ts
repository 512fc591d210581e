// Test helpers: a small solution table built in seconds (tiers 4..6 of 13 geese, docs/solution.md "A test
// table"), the rare positions in it where a side to move wins but a move would throw the win away, and random
// positions of its tiers.
import { openSync, readSync } from 'node:fs';

import { EMPTY, FOX, getVariant, GOOSE, newGame, type Position, type Side, type Variant } from '@fg/rules';
import { tablePath, type TableSolution } from '@fg/solver';
import { buildSmallTable, colexUnrank, random } from '@fg/solver/testing';

/** The solved options: standard, 13 geese, no sideways moves. */
export const SOLVED: Variant = (() => {
  const v = getVariant('standard', { geese: 13, sideways: false });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();

/** The solved options with sideways moves: standard, 13 geese. */
export const SIDEWAYS: Variant = (() => {
  const v = getVariant('standard', { geese: 13, sideways: true });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();

/** How `randomPositions` completes each drawn placement; `next` is its seeded random source. */
export interface PositionDraw {
  /** The side to move of the `found`-th position kept. */
  readonly turn: (next: () => number, found: number) => Side;
  /** Its count of quiet moves. */
  readonly quiet: (next: () => number) => number;
  /** Whether to keep a position the game is not over in (all when left out). */
  readonly keep?: (p: Position) => boolean;
}

/** `count` seeded random positions of `variant` with 4 to 6 geese and the fox placed anywhere, the game not over. */
export function randomPositions(variant: Variant, seed: number, count: number, draw: PositionDraw): Position[] {
  const next = random(seed);
  const size = variant.board.points.length;
  const found: Position[] = [];
  while (found.length < count) {
    const k = 4 + Math.floor(next() * 3);
    const cells = new Uint8Array(size);
    const points = [...Array(size).keys()].sort(() => next() - 0.5);
    for (const p of points.slice(0, k)) cells[p] = GOOSE;
    cells[points[k]!] = FOX;
    const turn = draw.turn(next, found.length);
    const position: Position = { cells, turn, quiet: draw.quiet(next) };
    if (newGame(variant, position).result === null && (draw.keep?.(position) ?? true)) found.push(position);
  }
  return found;
}

/** Builds tiers 4..upTo of the 13-geese table in a new temporary folder (the solutions directory); its path. */
export function buildTestTable(upTo = 6): Promise<string> {
  return buildSmallTable(upTo);
}

/** Builds tiers 4..upTo of the 13-geese table in format 2 (compact, `table.fgc`) in a new temporary folder. */
export function buildCompactTestTable(upTo = 6): Promise<string> {
  return buildSmallTable(upTo, 2);
}

/**
 * Every position of tier k with the geese to move that the geese win (docs/solution.md: a set bit of GW), read
 * from the file of the table in `dir`: the few positions where the geese must find the right move.
 */
export function geeseWins(dir: string, solution: TableSolution, k: number): Position[] {
  if (solution.header.format !== 1) throw new Error('geeseWins reads a format-1 test table');
  const tier = solution.header.tiers.find((t) => t.geese === k);
  if (!tier) throw new Error(`no tier ${k}`);
  const words = Buffer.alloc(4 * tier.sets);
  const fd = openSync(tablePath(dir, solution.geese), 'r');
  readSync(fd, words, 0, words.length, tier.gwOffset);
  const found: Position[] = [];
  for (let rank = 0; rank < tier.sets; rank++) {
    const mask = words.readUInt32LE(4 * rank);
    if (mask === 0) continue;
    const geese = new Set(colexUnrank(rank, k));
    const free = Array.from({ length: 33 }, (_, p) => p).filter((p) => !geese.has(p));
    for (let j = 0; j < free.length; j++) {
      if (((mask >>> j) & 1) === 0) continue;
      const cells = new Uint8Array(33).fill(EMPTY);
      for (const g of geese) cells[g] = GOOSE;
      cells[free[j]!] = FOX;
      found.push({ cells, turn: 'geese', quiet: 0 });
    }
  }
  return found;
}
