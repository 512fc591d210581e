// A list of moves as people read it: a capture chain is one move. A chain that may stop after any jump is listed by
// the rules as every one of its prefixes; here only its longest forms are kept, grouped under their first jump.
/** Moves that share a first hop: `d6xb4` with its longest forms `d6xb4xd2xd4`, `d6xb4xb6`. */
export interface MoveGroup {
  readonly first: string; // the first hop: 'd6xb4', or the whole move for a step
  readonly moves: readonly string[]; // the longest forms under it, in the list's order
}

/** The first hop of a move text: `d6xb4xd2` -> `d6xb4`; a step is its own. */
const firstHop = (move: string): string => move.split('x').slice(0, 2).join('x');

/** The longest forms of the moves (a move that another extends is dropped), grouped by first hop. */
export function readableMoves(moves: readonly string[]): MoveGroup[] {
  const longest = moves.filter((move) => !moves.some((other) => other.startsWith(`${move}x`)));
  const groups = new Map<string, string[]>();
  for (const move of longest) {
    const key = firstHop(move);
    const group = groups.get(key);
    if (group) group.push(move);
    else groups.set(key, [move]);
  }
  return [...groups].map(([first, forms]) => ({ first, moves: forms }));
}
