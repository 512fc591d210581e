// A game: a variant, its history of positions and moves, and its result once it has ended.
import { appended } from './appended.js';
import { DIRECTIONS } from './board.js';
import { applyMove, generateMoves, isJump, type Path } from './moves.js';
import { makeMoveText, parseMoveText, parsePath } from './notation.js';
import { gameOutcome, materialOutcome, type Outcome } from './outcome.js';
import { EMPTY, FOX, GOOSE, parsePosition, type Position, positionKey, startPosition } from './position.js';
import { fail, ok, type Result } from './result.js';
import { getVariant, type Variant } from './variants.js';

/** A game in progress or finished; immutable: playing returns a new game. */
export interface Game {
  readonly variant: Variant;
  readonly start: Position;
  readonly position: Position;
  readonly moves: readonly Path[]; // every path played, oldest first
  readonly keys: readonly string[]; // positionKey of every position, the start included
  readonly result: Outcome | null;
  readonly legal: readonly Path[]; // the legal moves now (none once the game has ended)
}

/** The record that replays a game: variant, options, start (when not the variant's) and moves. */
export interface GameRecord {
  readonly variant: string; // 'standard'
  readonly options?: Readonly<Record<string, unknown>>; // { geese: 15 }
  readonly start?: string; // position text, when the game began elsewhere
  readonly moves: readonly string[]; // ['d4-d5', 'c3-c4']
}

/** A position's result and legal moves (none once the game has ended), generating the moves once. */
function settle(variant: Variant, position: Position, occurrences: number): Pick<Game, 'result' | 'legal'> {
  const moves = materialOutcome(variant, position) ? [] : generateMoves(variant, position);
  const result = gameOutcome(variant, position, occurrences, moves);
  return { result, legal: result ? [] : moves };
}

/** Starts a game from the variant's start position or from a given one. */
export function newGame(variant: Variant, start: Position = startPosition(variant)): Game {
  return { variant, start, position: start, moves: [], keys: [positionKey(start)], ...settle(variant, start, 1) };
}

const samePath = (a: Path, b: Path): boolean => a.length === b.length && a.every((p, i) => p === b[i]);

/** The direction index of the link from a to b (one step), or of the line a -> over -> b (a jump), or -1. */
function hopDirection(variant: Variant, a: number, b: number): { direction: number; jump: boolean } {
  const { step, jump } = variant.board;
  for (let d = 0; d < 8; d++) {
    if (step[a * 8 + d] === b) return { direction: d, jump: false };
    if (jump[a * 8 + d] === b) return { direction: d, jump: true };
  }
  return { direction: -1, jump: false };
}

/** Says why a hop of a path cannot be played from the cells as they stand, or null if it can. */
function whyHopFails(variant: Variant, cells: Uint8Array, path: Path, i: number, piece: number): string | null {
  const { points, step } = variant.board;
  const [a, b] = [path[i - 1]!, path[i]!];
  const [from, to] = [points[a]!.name, points[b]!.name];
  const hop = hopDirection(variant, a, b);
  if (hop.direction < 0) return `${to} is neither linked to ${from} nor a jump away along a line`;
  if (cells[b] !== EMPTY) return `${to} is occupied`;
  if (piece === GOOSE) {
    if (hop.jump) return 'geese never jump';
    const name = DIRECTIONS[hop.direction]!;
    if (!variant.gooseDirectionIndices.includes(hop.direction)) {
      return `geese may not move ${name} here; they move ${variant.gooseDirections.join(', ')}`;
    }
    return null;
  }
  if (!hop.jump) return i === 1 ? null : 'after a jump the fox may only jump again';
  const over = step[a * 8 + hop.direction]!;
  return cells[over] === GOOSE ? null : `there is no goose on ${points[over]!.name} to jump`;
}

/** Says why a path is not among the legal moves, naming the move. */
function whyIllegal(game: Game, path: Path): string {
  const { variant, position } = game;
  const { board } = variant;
  const text = makeMoveText(board, path);
  const from = board.points[path[0]!]!.name;
  const piece = position.cells[path[0]!]!;
  const mover = position.turn === 'fox' ? FOX : GOOSE;
  if (piece === EMPTY) return `${text}: there is no piece on ${from}`;
  if (piece !== mover)
    return `${text}: ${from} holds a ${piece === FOX ? 'fox' : 'goose'}, and it is the ${position.turn} side's turn`;
  if (game.legal.some((m) => m.length > path.length && samePath(m.slice(0, path.length), path))) {
    return `${text}: the chain must go on while the fox can jump (capture is mandatory)`;
  }
  if (
    variant.capture === 'mandatory' &&
    piece === FOX &&
    game.legal.some((m) => isJump(variant, m)) &&
    !isJump(variant, path)
  ) {
    return `${text}: a capture is available, and capture is mandatory`;
  }
  if (piece === GOOSE && path.length > 2) return `${text}: a goose moves one step at a time`;
  // Walk the path on a scratch board to find the first hop that cannot be made.
  const cells = position.cells.slice();
  for (let i = 1; i < path.length; i++) {
    const why = whyHopFails(variant, cells, path, i, piece);
    if (why) return `${text}: ${why}`;
    const hop = hopDirection(variant, path[i - 1]!, path[i]!);
    if (hop.jump) cells[board.step[path[i - 1]! * 8 + hop.direction]!] = EMPTY;
    cells[path[i - 1]!] = EMPTY;
    cells[path[i]!] = piece;
  }
  return `${text}: not a legal move for the ${position.turn === 'fox' ? 'fox' : 'geese'}`;
}

/** Plays a path of point indices: a new game, or why the move cannot be played. */
export function playPath(game: Game, path: Path): Result<Game> {
  if (game.result) {
    const name = makeMoveText(game.variant.board, path);
    return fail('game-over', `${name}: the game is over (${game.result.winner ?? 'draw'} ${game.result.reason})`);
  }
  const legal = game.legal.find((m) => samePath(m, path));
  if (!legal) return fail('illegal-move', whyIllegal(game, path));
  const { variant } = game;
  const position = applyMove(variant, game.position, legal);
  const key = positionKey(position);
  const occurrences = game.keys.reduce((n, k) => (k === key ? n + 1 : n), 1);
  return ok({
    variant,
    start: game.start,
    position,
    moves: appended(game.moves, legal),
    keys: appended(game.keys, key),
    ...settle(variant, position, occurrences),
  });
}

/** Plays a path given as point names, as the protocol sends it. */
export function playPoints(game: Game, names: readonly string[]): Result<Game> {
  const path = parsePath(game.variant.board, names);
  if (!path.ok) return path;
  return playPath(game, path.value);
}

/** Plays a move given as move text (`d4-d5`, `d4xd6xf6`). */
export function playMoveText(game: Game, text: string): Result<Game> {
  const path = parseMoveText(game.variant.board, text);
  if (!path.ok) return path;
  const played = playPath(game, path.value);
  if (played.ok && makeMoveText(game.variant.board, path.value) !== text.trim().toLowerCase()) {
    return fail('bad-move-text', `bad move text "${text}"; write ${makeMoveText(game.variant.board, path.value)}`);
  }
  return played;
}

/** Replays a record to its position and result; the first bad move stops it with its number. */
export function replayRecord(record: GameRecord): Result<Game> {
  const variant = getVariant(record.variant, record.options ?? {});
  if (!variant.ok) return variant;
  let start = startPosition(variant.value);
  if (record.start !== undefined) {
    const parsed = parsePosition(variant.value, record.start);
    if (!parsed.ok) return parsed;
    start = parsed.value;
  }
  let game = newGame(variant.value, start);
  for (const [i, text] of record.moves.entries()) {
    const next = playMoveText(game, text);
    if (!next.ok) return fail(next.error.code, `move ${i + 1}: ${next.error.message}`);
    game = next.value;
  }
  return ok(game);
}

/** The record of a game, which replayRecord turns back into the same game. */
export function makeRecord(game: Game, start?: string): GameRecord {
  return {
    variant: game.variant.id,
    options: game.variant.options,
    ...(start !== undefined ? { start } : {}),
    moves: game.moves.map((m) => makeMoveText(game.variant.board, m)),
  };
}

/** Every move text played, oldest first. */
export function moveTexts(game: Game): string[] {
  return game.moves.map((m) => makeMoveText(game.variant.board, m));
}

/** How many times the position after `path` would then have stood (3 means a draw by repetition). */
export function occurrencesAfter(game: Game, path: Path): number {
  const key = positionKey(applyMove(game.variant, game.position, path));
  return game.keys.reduce((n, k) => (k === key ? n + 1 : n), 1);
}
