// A move this player has sent, shown at once: the board, move list and status do not wait for the
// server's echo, so the click's effect is visible immediately (to a player and to a browser test).
import type { TableView } from '@fg/protocol';
import { type Game, makeMoveText, playPoints } from '@fg/rules';

/** A move sent to the server and not yet answered: the ply it was played at and its path. */
export interface SentMove {
  readonly ply: number; // 4
  readonly path: readonly string[]; // ['d4', 'd5']
}

/** The table and game as they stand after a sent move; unchanged when nothing is pending or it no longer fits. */
export function withSentMove(
  table: TableView | null,
  game: Game | null,
  sent: SentMove | null,
): { table: TableView | null; game: Game | null } {
  if (!table || !game || !sent || sent.ply !== game.moves.length || table.ply !== game.moves.length)
    return { table, game };
  const played = playPoints(game, sent.path);
  if (!played.ok) return { table, game };
  const next = played.value;
  const path = next.moves[next.moves.length - 1]!;
  return {
    game: next,
    table: {
      ...table,
      turn: next.position.turn,
      ply: next.moves.length,
      moves: [...table.moves, makeMoveText(next.variant.board, path)],
      status: next.result ? 'finished' : table.status,
      result: next.result ?? table.result,
    },
  };
}
