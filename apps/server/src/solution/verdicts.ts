// The perfect-play winner before each move of a game and after its last (GET /api/tables/:id/verdicts), and
// of one position (GET /api/solution/:variant), read from an installed table.
import { applyMove, countGeese, type Game, type Position, type Side } from '@fg/rules';
import type { Solution, Verdict } from '@fg/solver';

import { type Answer, done, refuse } from '../tables/answer.js';

/** The verdict of one position; a position with more geese than the table holds answers `bad-request`. */
export function positionVerdict(solution: Solution, position: Position): Answer<Verdict, 'bad-request'> {
  if (!solution.covers(position))
    return refuse(
      'bad-request',
      `the table installed here answers positions with at most ${solution.maxGeese} geese; this one has ${countGeese(position)}`,
    );
  return done(solution.verdict(position));
}

/**
 * The winner of every position of a game, the start included (`moves.length + 1` entries; null for a drawn
 * position). The last position of a game the rules ended has the rules' result (null for a draw by the
 * rules: repetition, fifty moves); one the table does not cover (a test table with fewer tiers) answers
 * `not-solved`, naming the limit.
 */
export function gameVerdicts(solution: Solution, game: Game): Answer<(Side | null)[], 'not-solved'> {
  const verdicts: (Side | null)[] = [];
  let position = game.start;
  for (let ply = 0; ply <= game.moves.length; ply++) {
    if (ply > 0) position = applyMove(game.variant, position, game.moves[ply - 1]!);
    const last = ply === game.moves.length;
    if (last && game.result) {
      verdicts.push(game.result.winner);
      continue;
    }
    if (!solution.covers(position))
      return refuse(
        'not-solved',
        `the table installed here answers positions with at most ${solution.maxGeese} geese; ply ${ply} has ${countGeese(position)}`,
      );
    verdicts.push(solution.winner(position));
  }
  return done(verdicts);
}
