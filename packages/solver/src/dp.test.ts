// The solve against a plain memoized minimax over @fg/rules, on random late-game positions: the
// table must agree on every one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  applyMove,
  EMPTY,
  FOX,
  generateMoves,
  getVariant,
  GOOSE,
  positionKey,
  type Position,
  positionOutcome,
  type Side,
} from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openSolution, type Solution } from './lookup.js';
import { buildTable } from './solve.js';

const variant = (() => {
  const v = getVariant('standard', { geese: 13 });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();

const memo = new Map<string, Side>();
/** The perfect-play winner by the rules library alone: the definition of docs/rules.md section 10. */
function minimax(position: Position): Side {
  const key = positionKey(position);
  const known = memo.get(key);
  if (known) return known;
  const moves = generateMoves(variant, position);
  const ended = positionOutcome(variant, position, moves);
  let winner: Side;
  if (ended) winner = ended.winner!;
  else {
    const mover = position.turn;
    winner = moves.some((m) => minimax(applyMove(variant, position, m)) === mover)
      ? mover
      : mover === 'fox'
        ? 'geese'
        : 'fox';
  }
  memo.set(key, winner);
  return winner;
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A random position with `k` geese, biased to the upper board (late game: few goose moves left). */
function randomPosition(next: () => number, k: number): Position {
  const cells = new Uint8Array(33).fill(EMPTY);
  let placed = 0;
  while (placed < k) {
    const p = Math.min(32, Math.floor(33 * Math.sqrt(next()))); // upper points more often
    if (cells[p] === EMPTY) {
      cells[p] = GOOSE;
      placed++;
    }
  }
  for (;;) {
    const f = Math.floor(33 * next());
    if (cells[f] === EMPTY) {
      cells[f] = FOX;
      break;
    }
  }
  return { cells, turn: next() < 0.5 ? 'fox' : 'geese', quiet: 0 };
}

let dir = '';
let solution: Solution;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'solver-dp-'));
  await buildTable({ geese: 13, upTo: 6, dir });
  solution = openSolution(dir, { geese: 13 })!;
});
afterAll(() => {
  solution.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the solve agrees with a memoized minimax over the rules library', () => {
  it.each([
    [4, 200, 1],
    [5, 200, 2],
    [6, 120, 3],
  ])('%i geese: %i random positions (seed %i)', (k, count, seed) => {
    const next = random(seed);
    const seen = { fox: 0, geese: 0 };
    for (let i = 0; i < count; i++) {
      const position = randomPosition(next, k);
      const expected = minimax(position);
      expect(solution.winner(position), JSON.stringify(position)).toBe(expected);
      seen[expected]++;
    }
    expect(seen.fox + seen.geese).toBe(count);
  });
});
