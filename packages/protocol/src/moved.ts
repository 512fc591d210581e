// What server and web both derive from a game: a table's status and the `moved` of its last move, written once.
import { type Game, makeMoveText, makePosition } from '@fg/rules';

import type { GameResult, ServerMessageOf } from './types.js';
import type { TableStatus } from './vocabulary.js';

/** Waiting while a seat is free, finished once there is a result, playing in between. */
export function tableStatus(bothSeated: boolean, result: GameResult | null): TableStatus {
  if (result) return 'finished';
  return bothSeated ? 'playing' : 'waiting';
}

/**
 * The `moved` of the last move of `after`, played from `before`; `result` is the game's unless the table's
 * differs (a store that ended the game with the move). Clocks and deadline are the server's to add.
 */
export function movedMessage(
  before: Game,
  after: Game,
  bothSeated: boolean,
  result: GameResult | null = after.result,
): ServerMessageOf<'moved'> {
  const ply = after.moves.length - 1;
  const { board } = after.variant;
  const path = after.moves[ply]!;
  return {
    type: 'moved',
    ply,
    path: path.map((p) => board.points[p]!.name),
    move: makeMoveText(board, path),
    side: before.position.turn,
    position: makePosition(board, after.position),
    turn: after.position.turn,
    status: tableStatus(bothSeated, result),
    result,
  };
}
