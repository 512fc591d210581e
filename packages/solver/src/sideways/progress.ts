// A win with sideways moves must also make progress: every winning move keeps the win, but a winner that
// only keeps it can walk in a circle until threefold repetition or the fifty-move rule draws the game.
// The table holds no distances, so this measures them where they are needed: from a won position, the
// positions one level holds under the winner's winning quiet moves and every quiet reply of the loser
// (all of them won or lost, so a small part of the level), and on them the fewest quiet plies (no
// capture, no forward goose move) the winner needs before one, the loser resisting longest.
import { applyMove, generateMoves, makeMoveText, type Position, positionKey, type Variant } from '@fg/rules';

import type { Solution } from '../lookup.js';
import type { Outcome } from './lookup.js';

/** The winning moves that leave the level soonest, and how many quiet plies that takes at most. */
export interface WinProgress {
  readonly moves: readonly string[]; // in byte order
  readonly plies: number; // quiet plies before a capture or a forward goose move, the loser resisting longest
}

interface Node {
  readonly winner: boolean; // the winner to move here
  readonly quiet: Node[]; // quiet moves that keep the result: the winner's winning ones, the loser's every one
  readonly moves: string[]; // the winner's quiet winning moves, beside `quiet` (the root's answer)
  zeroing: boolean; // the winner has a winning move that is not quiet (or ends the game); the loser any non-quiet move
  expanded: boolean; // its moves were looked at
  plies: number; // Infinity until known
}

/**
 * From a position the side to move wins, the winning moves that reach a capture or a forward goose move (or the
 * end) in the fewest quiet plies; null when the position is not won for its side to move, or when more than
 * `limit` positions would have to be looked at.
 */
export function fastestWins(
  solution: Solution,
  variant: Variant,
  position: Position,
  limit = 20_000,
): WinProgress | null {
  const outcomes = new Map<string, Outcome>();
  const outcome = (p: Position): Outcome => {
    const key = positionKey(p);
    let known = outcomes.get(key);
    if (known === undefined) {
      const winner = solution.winner(p);
      known = winner === null ? 'draw' : winner === p.turn ? 'win' : 'loss';
      outcomes.set(key, known);
    }
    return known;
  };
  if (outcome(position) !== 'win') return null;
  // A winning move that leaves the level now: nothing to measure.
  const leaving = generateMoves(variant, position).filter((path) => {
    const after = applyMove(variant, position, path);
    return after.quiet === 0 && outcome(after) === 'loss';
  });
  if (leaving.length > 0) return { moves: leaving.map((path) => makeMoveText(variant.board, path)).sort(), plies: 0 };

  // Layer by layer from the root, until the root's value is known: a value found with every position within that
  // many plies looked at is the fewest (a shorter way would run through positions already looked at).
  const nodes = new Map<string, Node>();
  let next: [Node, Position][] = []; // the positions of the next layer, not looked at yet
  const node = (p: Position, winner: boolean): Node => {
    const key = positionKey(p);
    let found = nodes.get(key);
    if (!found) {
      found = { winner, quiet: [], moves: [], zeroing: false, expanded: false, plies: Infinity };
      nodes.set(key, found);
      next.push([found, p]);
    }
    return found;
  };
  const root = node(position, true);
  while (root.plies === Infinity) {
    const layer = next;
    next = [];
    if (layer.length === 0) return null; // cannot happen for a won position: the table would be wrong
    for (const [at, p] of layer) {
      at.expanded = true;
      for (const path of generateMoves(variant, p)) {
        const after = applyMove(variant, p, path);
        // A capture or a forward goose move sets `quiet` to 0: it leaves the level.
        const leaves = after.quiet === 0;
        if (at.winner) {
          if (outcome(after) !== 'loss') continue; // not a winning move
          if (leaves) at.zeroing = true;
          else {
            at.quiet.push(node(after, false));
            if (at === root) at.moves.push(makeMoveText(variant.board, path));
          }
        } else if (leaves) at.zeroing = true;
        else at.quiet.push(node(after, true));
      }
      if (nodes.size > limit) return null;
    }
    settle([...nodes.values()]);
  }
  const best = Math.min(...root.quiet.map((q) => q.plies));
  const moves = root.moves.filter((_, i) => root.quiet[i]!.plies === best);
  return { moves: moves.sort(), plies: 1 + best };
}

/** Fewest plies for the winner, most for the loser, to a fixed point (the graph may hold cycles); a position not looked at yet counts as never. */
function settle(all: readonly Node[]): void {
  for (const n of all) n.plies = Infinity;
  for (let changed = true; changed;) {
    changed = false;
    for (const n of all) {
      if (!n.expanded) continue;
      let plies: number;
      if (n.winner) plies = n.zeroing ? 0 : 1 + Math.min(...n.quiet.map((q) => q.plies));
      else plies = n.quiet.length === 0 ? 0 : 1 + Math.max(...n.quiet.map((q) => q.plies));
      if (plies < n.plies) {
        n.plies = plies;
        changed = true;
      }
    }
  }
}
