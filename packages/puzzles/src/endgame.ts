// Random endgame starts, the third source of puzzle positions: games from the start seldom reach 8 geese or fewer
// while a single move keeps the win (the fox wins those positions many ways; docs/puzzles.md), so the build also
// looks at positions made up for it: the fox, geese close around it (where the geese can still trap it) and the
// rest anywhere. A start is fixed by its number: a resumed build makes the same starts again.
import { seededRandom } from '@fg/engine';
import { EMPTY, FOX, GOOSE, type Position, positionOutcome, type Variant } from '@fg/rules';

import type { Candidate } from './puzzle.js';
import { ENDGAME_GEESE } from './themes.js';

/** The chance that each point next to the fox (or a jump away) holds a goose. */
const NEAR_SHARE = 0.75;

/** The points a step or a jump away from `point`. */
function around(variant: Variant, point: number): number[] {
  const { step, jump } = variant.board;
  const near: number[] = [];
  for (let d = 0; d < 8; d++)
    for (const q of [step[point * 8 + d]!, jump[point * 8 + d]!]) if (q >= 0 && !near.includes(q)) near.push(q);
  return near;
}

/**
 * Endgame start number `n`: from the fewest geese the game goes on with (4 in the standard game) to 8, never more
 * than `geese`; the side to move drawn too; a start whose game is over already is drawn again. `ply` is null: the position stood in no game.
 */
export function endgameStart(variant: Variant, geese: number, n: number): Candidate {
  const random = seededRandom(0xe9d + n * 104_729);
  const points = variant.board.points.length;
  const fewest = variant.foxWinsBelow;
  const most = Math.min(ENDGAME_GEESE, geese);
  for (;;) {
    const count = fewest + Math.floor(random() * (most - fewest + 1));
    const cells = new Uint8Array(points).fill(EMPTY);
    const fox = Math.floor(random() * points);
    cells[fox] = FOX;
    let placed = 0;
    for (const q of around(variant, fox))
      if (placed < count && random() < NEAR_SHARE) {
        cells[q] = GOOSE;
        placed++;
      }
    while (placed < count) {
      const q = Math.floor(random() * points);
      if (cells[q] !== EMPTY) continue;
      cells[q] = GOOSE;
      placed++;
    }
    const position: Position = { cells, turn: random() < 0.5 ? 'fox' : 'geese', quiet: 0 };
    if (!positionOutcome(variant, position)) return { position, ply: null, source: { kind: 'endgame', id: String(n) } };
  }
}
