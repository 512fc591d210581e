// Plays recorded moves over sockets, as the two players would.
import type { ServerMessageOf, Side } from '@fg/protocol';

import type { SeatedTable, TestClient } from './harness.js';

/** The points of a move text: `d4xd6xf6` -> ['d4', 'd6', 'f6']. */
export const pathOf = (move: string): string[] => move.split(/[-x]/);

/** Plays moves from `ply` on, each by the side to move, waiting until every watcher has it; returns the last `moved`. */
export async function playMoves(
  table: SeatedTable,
  moves: readonly string[],
  firstTurn: Side,
  watchers: readonly TestClient[] = [],
  ply = 0,
): Promise<ServerMessageOf<'moved'> | null> {
  let turn = firstTurn;
  let last: ServerMessageOf<'moved'> | null = null;
  for (const [i, move] of moves.entries()) {
    const mover = turn === 'fox' ? table.fox : table.geese;
    mover.send({ type: 'move', ply: ply + i, path: pathOf(move) });
    for (const client of [table.fox, table.geese, ...watchers]) {
      const moved = await client.next('moved');
      if (moved.move !== move || moved.ply !== ply + i)
        throw new Error(`expected ${move} at ply ${ply + i}, got ${JSON.stringify(moved)}`);
      last = moved;
    }
    turn = last!.turn;
  }
  return last;
}
