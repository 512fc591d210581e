// A solved game's facts, position by position (docs/protocol.md "The solution of a game"): the perfect-play winner
// before each move and, for every legal move from there, the winner after it and how many of the opponent's replies
// keep the opponent's win. One computation for the server (its table) and the browser (its own copy of the table),
// so that the review judges a game the same way wherever its facts come from.
import {
  applyMove,
  type Game,
  generateMoves,
  makeMoveText,
  type Position,
  positionOutcome,
  type Side,
} from '@fg/rules';
import { z } from 'zod';

/** A legal move from a position of the game, and what it leads to. */
export interface MoveOutcome {
  readonly move: string; // 'd4-c4'
  readonly winner: Side | null; // the perfect-play winner after it (null: a draw)
  readonly keep: number; // the opponent's replies that keep its value (its win; its draw where it cannot win; 0 when lost)
  readonly replies: number; // the opponent's legal replies (0 when the move ends the game)
}

/** One position of the game: its winner and every legal move from it (none at the game's last position). */
export interface PlyOutcome {
  readonly winner: Side | null;
  readonly moves: readonly MoveOutcome[];
}

/** `GET /api/solution/:variant/game` answer: `moves.length + 1` positions, the start first. */
export interface GameOutcomes {
  readonly plies: readonly PlyOutcome[];
}

const sideOrDraw = z.enum(['fox', 'geese']).nullable();

/** The answer's schema, as the web app checks it. */
export const gameOutcomesSchema = z.object({
  plies: z.array(
    z.object({
      winner: sideOrDraw,
      moves: z.array(
        z.object({
          move: z.string(),
          winner: sideOrDraw,
          keep: z.number().int().min(0),
          replies: z.number().int().min(0),
        }),
      ),
    }),
  ),
});

/** A table's answer for one position with the side to move's winning moves, or null where it has none. */
export type VerdictOf = (
  position: Position,
) =>
  | { readonly winner: Side | null; readonly keep: readonly string[] }
  | null
  | Promise<{ readonly winner: Side | null; readonly keep: readonly string[] } | null>;

/** Thrown inside gameOutcomes' caller when the table does not answer a position (more geese than it holds). */
export class NotCovered extends Error {}

/** What a move from `position` leads to: the rules' end, else the table's winner and the opponent's winning replies. */
async function outcomeOf(
  game: Game,
  position: Position,
  path: readonly number[],
  verdictOf: VerdictOf,
): Promise<MoveOutcome> {
  const { variant } = game;
  const after = applyMove(variant, position, path);
  const move = makeMoveText(variant.board, path);
  const replies = generateMoves(variant, after);
  const ended = positionOutcome(variant, after, replies);
  if (ended) return { move, winner: ended.winner, keep: 0, replies: 0 };
  const verdict = await verdictOf(after);
  if (!verdict) throw new NotCovered(`no verdict for the position after ${move}`);
  return { move, winner: verdict.winner, keep: verdict.keep.length, replies: replies.length };
}

/**
 * The facts of every position of a game (the start, then after each move), from a table's verdicts. The last
 * position of a game the rules ended has the rules' winner. Throws NotCovered where the table has no answer.
 */
export async function gameOutcomes(game: Game, verdictOf: VerdictOf): Promise<GameOutcomes> {
  const plies: PlyOutcome[] = [];
  let position = game.start;
  for (let ply = 0; ply <= game.moves.length; ply++) {
    if (ply > 0) position = applyMove(game.variant, position, game.moves[ply - 1]!);
    if (ply === game.moves.length) {
      const ended = game.result ?? positionOutcome(game.variant, position);
      const verdict = ended ? null : await verdictOf(position);
      if (!ended && !verdict) throw new NotCovered(`no verdict for the position after ply ${ply}`);
      plies.push({ winner: ended ? ended.winner : verdict!.winner, moves: [] });
      continue;
    }
    const verdict = await verdictOf(position);
    if (!verdict) throw new NotCovered(`no verdict for the position at ply ${ply}`);
    const moves: MoveOutcome[] = [];
    for (const path of generateMoves(game.variant, position))
      moves.push(await outcomeOf(game, position, path, verdictOf));
    plies.push({ winner: verdict.winner, moves });
  }
  return { plies };
}
