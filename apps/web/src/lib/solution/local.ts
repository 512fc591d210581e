// The answers of the table stored in this browser, through its worker: loaded by solution-api.ts at the first
// question a stored table answers.
import { applyMove, type Game, makePosition, type Side, type Variant } from '@fg/rules';

import { probe } from './probe';
import type { ProbeVerdict } from './probe-protocol';

/** The verdict of a position of a variant the stored table serves (null: beyond it). */
export function storedPositionVerdict(
  variant: Pick<Variant, 'options'>,
  position: string,
): Promise<ProbeVerdict | null> {
  return probe.verdict(Number(variant.options.geese), position);
}

/** The winner of each position of a game the stored table serves, the rules' winner last (null: beyond it). */
export async function storedGameVerdicts(game: Game): Promise<readonly Side[] | null> {
  const positions: string[] = [];
  let position = game.start;
  for (let ply = 0; ply <= game.moves.length; ply++) {
    if (ply > 0) position = applyMove(game.variant, position, game.moves[ply - 1]!);
    positions.push(makePosition(game.variant.board, position));
  }
  const winners = [...(await probe.winners(Number(game.variant.options.geese), positions))];
  if (game.result?.winner) winners[winners.length - 1] = game.result.winner;
  return winners.every((w): w is Side => w !== null) ? winners : null;
}
