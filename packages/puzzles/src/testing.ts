// Helpers for the puzzle tests: the solved variant, a line from position text and moves, and the
// positions of a test table where puzzles are found (its geese wins and the fox moves just before them).
import { EMPTY, FOX, getVariant, newGame, parsePosition, playMoveText, type Position, type Variant } from '@fg/rules';
import type { Solution } from '@fg/solver';
import { colexUnrank, tierRecords } from '@fg/solver/testing';

import type { Line } from './line.js';

/** Standard with 13 forward-only geese: the solved game. */
export const SOLVED: Variant = (() => {
  const v = getVariant('standard', { geese: 13, sideways: false });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();

/** A position from its text; throws on a bad one. */
export function at(text: string): Position {
  const p = parsePosition(SOLVED, text);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

/** The line of these moves from position text; throws when one is illegal. */
export function lineOf(text: string, moves: readonly string[]): Line {
  const start = at(text);
  let game = newGame(SOLVED, start);
  const positions = [start];
  for (const move of moves) {
    const played = playMoveText(game, move);
    if (!played.ok) throw new Error(`${move}: ${played.error.message}`);
    game = played.value;
    positions.push(game.position);
  }
  return { side: start.turn, moves, positions };
}

/**
 * Every position of tier k of the test table in `dir` that the geese win with the geese to move,
 * and each one the fox could have stepped into it from (the fox to move): where puzzles are.
 */
export function puzzleGround(dir: string, solution: Solution, k: number): Position[] {
  const { gw } = tierRecords(dir, k);
  const found: Position[] = [];
  for (let rank = 0; rank < gw.length; rank++) {
    const mask = gw[rank]!;
    if (mask === 0) continue;
    const geese = colexUnrank(rank, k);
    const cells = new Uint8Array(33);
    for (const g of geese) cells[g] = 1;
    const free = Array.from({ length: 33 }, (_, p) => p).filter((p) => cells[p] === EMPTY);
    for (let j = 0; j < free.length; j++) {
      if (((mask >>> j) & 1) === 0) continue;
      const fox = free[j]!;
      const won = cells.slice();
      won[fox] = FOX;
      found.push({ cells: won, turn: 'geese', quiet: 0 });
      for (let d = 0; d < 8; d++) {
        const from = SOLVED.board.step[fox * 8 + d]!;
        if (from < 0 || cells[from] !== EMPTY) continue;
        const before = cells.slice();
        before[from] = FOX;
        found.push({ cells: before, turn: 'fox', quiet: 0 });
      }
    }
  }
  return found.filter((p) => solution.covers(p));
}
