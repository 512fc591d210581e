// The analysis page's address: /analysis/:variant?position=<text>&<options>&moves=<m1,m2>&table=<id>&line=<m1,m3>
// &side=<fox|geese>&learn=1.
// Options are named as GET /api/variants names them (geese=13&sideways=false); the position is
// the rules' position text (none: the variant's start); moves are move texts played from it (the
// game: the main line); line is the line to the shown position, kept in the address as it changes
// so that a reload or a shared link shows the same position; side is who played the game here (whose mistakes
// "Learn from your mistakes" walks through), learn=1 opens that walk.
import {
  type Game,
  getVariant,
  makePosition,
  newGame,
  parsePosition,
  playMoveText,
  type Side,
  SIDES,
  type Variant,
} from '@fg/rules';

/** What the address asks the analysis board to show. */
export interface AnalysisAddress {
  readonly variant: Variant;
  readonly start: Game; // the set-up position (history-free)
  readonly position: string | null; // the position text given, null for the variant's start
  readonly moves: readonly string[]; // the game's moves from there, as far as they are legal
  readonly table: string | null; // the table whose game this is (for its verdicts)
  readonly line: readonly string[] | null; // the moves to the shown position, as far as they are legal; null: the game's end
  readonly player: Side | null; // the side this browser played in the game, if any
  readonly learn: boolean; // open "Learn from your mistakes"
}

/** The parameters that are not the variant's options. */
const NOT_OPTIONS = ['position', 'moves', 'table', 'lang', 'ply', 'line', 'side', 'learn'];

/** The legal beginning of a comma-separated list of move texts from a game. */
function legalMoves(start: Game, list: string | null): string[] {
  const moves: string[] = [];
  let game = start;
  for (const move of (list ?? '').split(',').filter(Boolean)) {
    const next = playMoveText(game, move);
    if (!next.ok) break;
    moves.push(move);
    game = next.value;
  }
  return moves;
}

/** Reads an option value from the address: numbers and booleans as the variant's specs take them. */
const optionValue = (text: string): number | boolean | string =>
  text === 'true' ? true : text === 'false' ? false : /^-?\d+$/.test(text) ? Number(text) : text;

/** The address's analysis, or an error message (an unknown variant or option, a bad position). */
export function readAddress(variantId: string, search: string): AnalysisAddress | { error: string } {
  const params = new URLSearchParams(search);
  const options: Record<string, unknown> = {};
  for (const [name, value] of params) {
    if (!NOT_OPTIONS.includes(name)) options[name] = optionValue(value);
  }
  const variant = getVariant(variantId, options);
  if (!variant.ok) return { error: variant.error.message };
  const text = params.get('position');
  let start = newGame(variant.value);
  if (text) {
    const parsed = parsePosition(variant.value, text);
    if (!parsed.ok) return { error: parsed.error.message };
    start = newGame(variant.value, parsed.value);
  }
  const moves = legalMoves(start, params.get('moves'));
  const line = params.has('line') ? legalMoves(start, params.get('line')) : null;
  const side = params.get('side');
  const player = (SIDES as readonly string[]).includes(side ?? '') ? (side as Side) : null;
  return {
    variant: variant.value,
    start,
    position: text || null,
    moves,
    table: params.get('table'),
    line,
    player,
    learn: params.get('learn') === '1' && player !== null,
  };
}

/** The address's search with the shown line in it (none when it is the game's end, where a game opens anyway). */
export function withLine(search: string, line: readonly string[], gameMoves: readonly string[]): string {
  const params = new URLSearchParams(search);
  const atGameEnd = line.length === gameMoves.length && line.every((move, i) => move === gameMoves[i]);
  if (atGameEnd) params.delete('line');
  else params.set('line', line.join(','));
  return params.toString();
}

/** The address's search without its shown line: what names one analysis, wherever in it the board is. */
export function withoutLine(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('line');
  return params.toString();
}

/** The address of an analysis: the variant, its options, a start and moves. */
export function analysisPath(
  variant: Pick<Variant, 'id' | 'options'>,
  {
    position,
    moves = [],
    table,
    player,
    learn,
  }: {
    position?: string | null;
    moves?: readonly string[];
    table?: string | null;
    player?: Side | null;
    learn?: boolean;
  } = {},
): string {
  const params = new URLSearchParams();
  if (position) params.set('position', position);
  for (const [name, value] of Object.entries(variant.options)) params.set(name, String(value));
  if (moves.length) params.set('moves', moves.join(','));
  if (table) params.set('table', table);
  if (player) params.set('side', player);
  if (player && learn) params.set('learn', '1');
  return `/analysis/${variant.id}?${params.toString()}`;
}

/** The position text of a game's current position (what the solution and the set-up field take). */
export const positionText = (game: Game): string => makePosition(game.variant.board, game.position);
