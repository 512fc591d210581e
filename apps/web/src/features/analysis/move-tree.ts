// The analysis board's moves as a tree: the game's moves are the main line (each node's first
// child), and a move played elsewhere than the line goes on becomes a variation beside it.

/** One node: the move that led here (none at the root) and the moves played from here. */
interface MoveNode {
  readonly id: number;
  readonly parent: number | null;
  readonly move: string | null; // 'd4-d5'; null at the root
  readonly children: readonly number[]; // the first is the line's continuation
}

/** The tree and the node shown. */
export interface MoveTree {
  readonly nodes: readonly MoveNode[]; // by id; nodes[0] is the root
  readonly current: number;
}

/** A tree holding one line of moves, shown at its start. */
export function lineTree(moves: readonly string[]): MoveTree {
  let tree: MoveTree = { nodes: [{ id: 0, parent: null, move: null, children: [] }], current: 0 };
  for (const move of moves) tree = play(tree, move);
  return { ...tree, current: 0 };
}

/** Plays a move from the shown node: to its child with that move, or to a new child. */
export function play(tree: MoveTree, move: string): MoveTree {
  const here = tree.nodes[tree.current]!;
  const known = here.children.find((c) => tree.nodes[c]!.move === move);
  if (known !== undefined) return { ...tree, current: known };
  const id = tree.nodes.length;
  const nodes = tree.nodes.map((n) => (n.id === here.id ? { ...n, children: [...n.children, id] } : n));
  return { nodes: [...nodes, { id, parent: here.id, move, children: [] }], current: id };
}

/** The moves from the root to a node. */
export function movesTo(tree: MoveTree, id: number = tree.current): string[] {
  const moves: string[] = [];
  for (let n: MoveNode | undefined = tree.nodes[id]; n && n.move !== null; n = tree.nodes[n.parent!])
    moves.unshift(n.move);
  return moves;
}

/** The line through a node: from the root, then on along first children. */
export function lineThrough(tree: MoveTree, id: number): number[] {
  const back: number[] = [];
  for (let n: MoveNode | undefined = tree.nodes[id]; n && n.parent !== null; n = tree.nodes[n.parent])
    back.unshift(n.id);
  for (let n = tree.nodes[id]!; n.children.length > 0; n = tree.nodes[n.children[0]!]!) back.push(n.children[0]!);
  return back;
}

/** The main line: from the root along first children (a game's moves, then what was played on from its end). */
export function mainLine(tree: MoveTree): number[] {
  return lineThrough(tree, 0);
}

/** The line shown where it leaves the main line: the ply of its first move off it, and its nodes from there on. */
export interface Variation {
  readonly ply: number;
  readonly nodes: readonly number[];
}

/** The variation the shown node is on, or null while it is on the main line. */
export function shownVariation(tree: MoveTree): Variation | null {
  const main = mainLine(tree);
  const line = lineThrough(tree, tree.current);
  const ply = line.findIndex((id, i) => main[i] !== id);
  return ply < 0 ? null : { ply, nodes: line.slice(ply) };
}

/** Where a step goes: back to the parent, forward along the first child, to the root or the end of the line. */
export function step(tree: MoveTree, where: 'back' | 'forward' | 'start' | 'end'): MoveTree {
  const here = tree.nodes[tree.current]!;
  if (where === 'back') return here.parent === null ? tree : { ...tree, current: here.parent };
  if (where === 'forward') return here.children.length ? { ...tree, current: here.children[0]! } : tree;
  if (where === 'start') return { ...tree, current: 0 };
  const line = lineThrough(tree, tree.current);
  return { ...tree, current: line.length ? line[line.length - 1]! : 0 };
}
