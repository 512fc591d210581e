// The solve against a plain memoized minimax over @fg/rules (the definition of docs/rules.md
// section 10), on random late-game positions and on every kind of geese win the table finds.
import { rmSync } from 'node:fs';

import {
  applyMove,
  EMPTY,
  FOX,
  generateMoves,
  GOOSE,
  type Position,
  positionKey,
  positionOutcome,
  type Side,
} from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { colexUnrank, POINTS } from './geometry.js';
import { openSolution, type Solution } from './lookup.js';
import { buildSmallTable, random, STANDARD, tierRecords } from './testing.js';

const memo = new Map<string, Side>();
let budget = 0;

/** The perfect-play winner by the rules library alone; throws when the node budget runs out. */
function minimax(position: Position): Side {
  const key = positionKey(position);
  const known = memo.get(key);
  if (known) return known;
  if (--budget < 0) throw new RangeError('budget');
  const moves = generateMoves(STANDARD, position);
  const ended = positionOutcome(STANDARD, position, moves);
  let winner: Side;
  if (ended) winner = ended.winner!;
  else {
    const mover = position.turn;
    const other = mover === 'fox' ? 'geese' : 'fox';
    winner = moves.some((m) => minimax(applyMove(STANDARD, position, m)) === mover) ? mover : other;
  }
  memo.set(key, winner);
  return winner;
}

/** A random position with `k` geese, upper points more likely (late game: few goose moves left). */
function randomPosition(next: () => number, k: number): Position {
  const cells = new Uint8Array(POINTS).fill(EMPTY);
  for (let placed = 0; placed < k;) {
    const p = Math.min(POINTS - 1, Math.floor(POINTS * Math.sqrt(next())));
    if (cells[p] === EMPTY) {
      cells[p] = GOOSE;
      placed++;
    }
  }
  for (;;) {
    const f = Math.floor(POINTS * next());
    if (cells[f] === EMPTY) {
      cells[f] = FOX;
      return { cells, turn: next() < 0.5 ? 'fox' : 'geese', quiet: 0 };
    }
  }
}

let dir = '';
let solution: Solution;
beforeAll(async () => {
  dir = await buildSmallTable(6);
  solution = openSolution(dir, { geese: 13 })!;
});
afterAll(() => {
  solution.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the solve agrees with a memoized minimax over the rules library', () => {
  it.each([
    [4, 150, 1],
    [5, 80, 2],
    [6, 25, 3],
  ])('%i geese: %i random positions (seed %i)', (k, count, seed) => {
    const next = random(seed);
    for (let i = 0; i < count; i++) {
      const position = randomPosition(next, k);
      budget = Infinity;
      expect(solution.winner(position), positionKey(position)).toBe(minimax(position));
    }
  });

  it('on the geese wins of tier 6 whose game tree is small, and on the positions one move away', () => {
    const { fw, gw } = tierRecords(dir, 6);
    let checked = 0;
    const wins = { fox: 0, geese: 0 };
    const all = 2 ** (POINTS - 6) - 1;
    for (let rank = 0; rank < fw.length; rank++) {
      if (gw[rank] === 0 && fw[rank] === all) continue; // the fox wins everywhere
      const set = colexUnrank(rank, 6);
      const free = [...Array(POINTS).keys()].filter((p) => !set.includes(p));
      free.forEach((fox, j) => {
        for (const turn of ['fox', 'geese'] as const) {
          const geeseWin = turn === 'fox' ? !((fw[rank]! >>> j) & 1) : (gw[rank]! >>> j) & 1;
          if (!geeseWin) continue;
          const cells = new Uint8Array(POINTS);
          for (const p of set) cells[p] = GOOSE;
          cells[fox] = FOX;
          const position: Position = { cells, turn, quiet: 0 };
          for (const p of [
            position,
            ...generateMoves(STANDARD, position).map((m) => applyMove(STANDARD, position, m)),
          ]) {
            budget = 3000;
            let expected: Side;
            try {
              expected = minimax(p);
            } catch {
              continue; // too big a tree for a test of seconds
            }
            expect(solution.winner(p), positionKey(p)).toBe(expected);
            wins[expected]++;
            checked++;
          }
        }
      });
    }
    expect({ checked, wins }).toEqual({ checked: 284, wins: { fox: 170, geese: 114 } });
  });
});
