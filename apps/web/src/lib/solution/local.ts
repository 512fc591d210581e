// The answers of the table stored in this browser, through its worker: loaded by solution-api.ts at the first
// question a stored table answers.
import { type GameOutcomes, gameOutcomes, NotCovered } from '@fg/protocol';
import { applyMove, type Game, generateMoves, makePosition, type Variant } from '@fg/rules';

import { probe } from './probe';
import type { ProbeVerdict } from './probe-protocol';

/** The verdict of a position of a variant the stored table serves (null: beyond it). */
export function storedPositionVerdict(
  variant: Pick<Variant, 'options'>,
  position: string,
): Promise<ProbeVerdict | null> {
  return probe.verdict(Number(variant.options.geese), position);
}

/** Every position a game's review asks about: each position of the game and each one a legal move from it leads to. */
function reviewedPositions(game: Game): string[] {
  const { variant } = game;
  const texts = new Set<string>();
  let position = game.start;
  for (let ply = 0; ply <= game.moves.length; ply++) {
    if (ply > 0) position = applyMove(variant, position, game.moves[ply - 1]!);
    texts.add(makePosition(variant.board, position));
    if (ply === game.moves.length) break;
    for (const path of generateMoves(variant, position))
      texts.add(makePosition(variant.board, applyMove(variant, position, path)));
  }
  return [...texts];
}

/**
 * The solution's facts of every position of a game the stored table serves, as the server's `GET
 * /api/solution/:variant/game` gives them (one computation, gameOutcomes), with every verdict asked of the worker in
 * one message; null where the table does not answer every position.
 */
export async function storedGameOutcomes(game: Game): Promise<GameOutcomes | null> {
  const { variant } = game;
  const asked = reviewedPositions(game);
  const verdicts = await probe.verdicts(Number(variant.options.geese), asked);
  const known = new Map(asked.map((text, i) => [text, verdicts[i] ?? null]));
  try {
    return await gameOutcomes(game, (position) => known.get(makePosition(variant.board, position)) ?? null);
  } catch (error) {
    if (error instanceof NotCovered) return null;
    throw error;
  }
}
