// The analysis page's address: /analysis/:variant?position=<text>&<options>&moves=<m1,m2>&table=<id>.
// Options are named as GET /api/variants names them (geese=13&sideways=false); the position is
// the rules' position text (none: the variant's start); moves are move texts played from it.
import { type Game, getVariant, makePosition, newGame, parsePosition, playMoveText, type Variant } from '@fg/rules';

/** What the address asks the analysis board to show. */
export interface AnalysisAddress {
  readonly variant: Variant;
  readonly start: Game; // the set-up position (history-free)
  readonly position: string | null; // the position text given, null for the variant's start
  readonly moves: readonly string[]; // the game's moves from there, as far as they are legal
  readonly table: string | null; // the table whose game this is (for its verdicts)
}

/** Reads an option value from the address: numbers and booleans as the variant's specs take them. */
const optionValue = (text: string): number | boolean | string =>
  text === 'true' ? true : text === 'false' ? false : /^-?\d+$/.test(text) ? Number(text) : text;

/** The address's analysis, or an error message (an unknown variant or option, a bad position). */
export function readAddress(variantId: string, search: string): AnalysisAddress | { error: string } {
  const params = new URLSearchParams(search);
  const options: Record<string, unknown> = {};
  for (const [name, value] of params) {
    if (!['position', 'moves', 'table', 'lang', 'ply'].includes(name)) options[name] = optionValue(value);
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
  const moves: string[] = [];
  let game = start;
  for (const move of (params.get('moves') ?? '').split(',').filter(Boolean)) {
    const next = playMoveText(game, move);
    if (!next.ok) break;
    moves.push(move);
    game = next.value;
  }
  return { variant: variant.value, start, position: text || null, moves, table: params.get('table') };
}

/** The address of an analysis: the variant, its options, a start and moves. */
export function analysisPath(
  variant: Pick<Variant, 'id' | 'options'>,
  { position, moves = [], table }: { position?: string | null; moves?: readonly string[]; table?: string | null } = {},
): string {
  const params = new URLSearchParams();
  if (position) params.set('position', position);
  for (const [name, value] of Object.entries(variant.options)) params.set(name, String(value));
  if (moves.length) params.set('moves', moves.join(','));
  if (table) params.set('table', table);
  return `/analysis/${variant.id}?${params.toString()}`;
}

/** The position text of a game's current position (what the solution and the set-up field take). */
export const positionText = (game: Game): string => makePosition(game.variant.board, game.position);
