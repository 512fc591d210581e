// Games of the computer against itself, the second source of puzzle positions: each side a level
// 1-8 drawn at random, a few random plies first so that no two games are alike, every position
// offered. A game is fixed by its number: a resumed build plays the same games again.
import { chooseMove, seededRandom } from '@fg/engine';
import {
  applyMove,
  generateMoves,
  makeMoveText,
  newGame,
  playMoveText,
  positionOutcome,
  type Side,
  type Variant,
} from '@fg/rules';
import type { Solution } from '@fg/solver';

import type { Candidate } from './puzzle.js';

/** Time a move of self-play may take: levels 1-5 search within it; 6-8 are cut to it (the build's time is the engine's). */
export const SELF_PLAY_MOVE_MS = 40;
/** How far from a game's positions the build looks: every position two plies away. */
const ALTERNATIVE_PLIES = 2;
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

/**
 * A game's position and every position up to `plies` legal moves away from it: the mistakes (and the good
 * moves) a player could have made there, and the replies. A position after a mistake is where lichess takes
 * its puzzles from; here it multiplies the positions one engine move yields (docs/puzzles.md).
 */
export function* withAlternatives(
  variant: Variant,
  candidate: Candidate,
  plies = ALTERNATIVE_PLIES,
): Generator<Candidate> {
  yield candidate;
  const { position, ply, source } = candidate;
  if (plies === 0 || positionOutcome(variant, position)) return;
  for (const path of generateMoves(variant, position)) {
    const next = { position: applyMove(variant, position, path), ply: ply === null ? null : ply + 1, source };
    yield* withAlternatives(variant, next, plies - 1);
  }
}

/**
 * The positions one turn further down a won line of `side`: after each of its moves that keeps the win, each
 * reply (`side` to move again). Where `side` wins rarely (the geese, 1.3% of the positions of 13 geese), a
 * game gives few such positions; following the winner's lines from each finds the rest (docs/puzzles.md).
 */
export function* wonLineSteps(
  solution: Solution,
  variant: Variant,
  candidate: Candidate,
  side: Side,
): Generator<Candidate> {
  const { position, ply, source } = candidate;
  if (position.turn !== side || !solution.covers(position) || positionOutcome(variant, position)) return;
  if (solution.winner(position) !== side) return;
  for (const path of generateMoves(variant, position)) {
    const after = applyMove(variant, position, path);
    if (positionOutcome(variant, after) || solution.winner(after) !== side) continue;
    for (const reply of generateMoves(variant, after))
      yield { position: applyMove(variant, after, reply), ply: ply === null ? null : ply + 2, source };
  }
}
