// Premove: during the opponent's turn a player sets one move in advance, checked against the position
// as it stands with the player to move (the opponent's move may still change it), and played at once
// when it is legal after the opponent's move.
import { type Game, moveInput, newGame, type Side } from '@fg/rules';

/** The current position with `side` to move: what a premove is entered against. */
export function premoveGame(game: Game, side: Side): Game {
  return newGame(game.variant, { ...game.position, turn: side });
}

/** What a premove becomes once it is the player's turn: a move to send, a chain to go on with, or nothing. */
export type PremoveOutcome =
  | { readonly kind: 'move'; readonly path: readonly string[] }
  | { readonly kind: 'chain'; readonly picked: readonly string[] } // a jump that must go on: the player finishes it
  | { readonly kind: 'illegal' };

/** The premove `path` ([from, to]) in the game now that its player is to move. */
export function premoveOutcome(game: Game, path: readonly string[]): PremoveOutcome {
  if (path.length < 2 || game.result) return { kind: 'illegal' };
  const input = moveInput(game, path);
  if (input.complete) return { kind: 'move', path };
  if (input.targets.length > 0) return { kind: 'chain', picked: path };
  return { kind: 'illegal' };
}
