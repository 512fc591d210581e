// Games of the computer against itself, the second source of puzzle positions: each side a level
// 1-8 drawn at random, a few random plies first so that no two games are alike, every position
// offered. A game is fixed by its number: a resumed build plays the same games again.
import { chooseMove, seededRandom } from '@fg/engine';
import { makeMoveText, newGame, playMoveText, type Side, type Variant } from '@fg/rules';

import type { Candidate } from './puzzle.js';

/** Time a move of self-play may take: levels 1-6 search node budgets well within it; 7 and 8 are cut to it. */
export const SELF_PLAY_MOVE_MS = 60;
/** Plies after which a self-play game is left (the rules' fifty-move draw ends most long games first). */
const MAX_PLIES = 300;

/** The positions of self-play game number `n`, in order (its final position included). */
export function* selfPlayGame(variant: Variant, n: number): Generator<Candidate> {
  const random = seededRandom(0x5eed + n * 7919);
  const level = (): number => 1 + Math.floor(random() * 8);
  const levels: Record<Side, number> = { fox: level(), geese: level() };
  const opening = Math.floor(random() * 9);
  const source = { kind: 'self-play', id: String(n) } as const;
  let game = newGame(variant);
  for (let ply = 0; game.result === null && ply < MAX_PLIES; ply++) {
    yield { position: game.position, ply, source };
    const move =
      ply < opening
        ? makeMoveText(variant.board, game.legal[Math.floor(random() * game.legal.length)]!)
        : chooseMove(game, { level: levels[game.position.turn], seed: n * 1000 + ply, timeMs: SELF_PLAY_MOVE_MS }).move;
    const played = playMoveText(game, move);
    if (!played.ok) throw new Error(played.error.message);
    game = played.value;
  }
}
