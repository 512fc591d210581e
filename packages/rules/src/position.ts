// Positions: where every piece stands, whose turn it is and the quiet count; parsed and printed
// as the position text of docs/rules.md section 5.
import type { Board } from './board.js';
import { fail, ok, type Result } from './result.js';
import { type Side, SIDES } from './side.js';
import type { Variant } from './variants.js';

/** What stands on a point: nothing, a goose or a fox. */
export const EMPTY = 0;
/** A goose on a point. */
export const GOOSE = 1;
/** A fox on a point. */
export const FOX = 2;

/** A position: a cell per point index (EMPTY, GOOSE or FOX), the side to move, the quiet count. */
export interface Position {
  readonly cells: Uint8Array; // [1, 1, 1, 1, 1, 1, 1, ..., 2, ...] by point index
  readonly turn: Side; // 'fox'
  readonly quiet: number; // moves since the last capture or forward goose move
}

/** The variant's starting position. */
export function startPosition(variant: Variant): Position {
  const cells = new Uint8Array(variant.board.points.length);
  for (const p of variant.geese) cells[p] = GOOSE;
  for (const p of variant.foxes) cells[p] = FOX;
  return { cells, turn: variant.firstSide, quiet: 0 };
}

/** The point indices holding `piece`, in index order (rank, then file). */
export function piecePoints(position: Position, piece: typeof GOOSE | typeof FOX): number[] {
  const found: number[] = [];
  const { cells } = position;
  for (let i = 0; i < cells.length; i++) if (cells[i] === piece) found.push(i);
  return found;
}

/** How many geese stand on the board. */
export function countGeese(position: Position): number {
  let n = 0;
  for (const c of position.cells) if (c === GOOSE) n++;
  return n;
}

/**
 * A key equal for two positions exactly when every piece and the side to move agree (rule 5): the side, then the
 * cells two bits each (EMPTY, GOOSE, FOX), four to a character. A game keeps one per position played, so a short
 * key is memory kept per table: 10 characters for the standard board's 33 points instead of 34.
 */
export function positionKey(position: Position): string {
  const { cells } = position;
  const codes = new Array<number>(1 + Math.ceil(cells.length / 4));
  codes[0] = position.turn === 'fox' ? 0x66 : 0x67; // 'f', 'g'
  for (let i = 0, c = 1; i < cells.length; i += 4, c++)
    codes[c] = cells[i]! | ((cells[i + 1] ?? 0) << 2) | ((cells[i + 2] ?? 0) << 4) | ((cells[i + 3] ?? 0) << 6);
  return String.fromCharCode(...codes);
}

/** Prints a position as position text, points in order of rank, then file. */
export function makePosition(board: Board, position: Position): string {
  // One pass, no index lists: the server makes this text for every move.
  const foxes: string[] = [];
  const geese: string[] = [];
  const { cells } = position;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === FOX) foxes.push(board.points[i]!.name);
    else if (cells[i] === GOOSE) geese.push(board.points[i]!.name);
  }
  return `fox:${foxes.join(',')} geese:${geese.join(',')} turn:${position.turn} quiet:${position.quiet}`;
}

const POINT_NAME = /^[a-z][1-9][0-9]?$/;
const FIELDS = ['fox', 'geese', 'turn', 'quiet'] as const;

/** Reads a comma-separated list of point names into indices, rejecting bad or repeated points. */
function parsePointList(board: Board, list: string, seen: Map<number, string>, piece: string): Result<number[]> {
  const found: number[] = [];
  if (list === '') return ok(found);
  for (const name of list.split(',')) {
    if (!POINT_NAME.test(name))
      return fail('bad-position', `unknown point "${name}" in ${piece}; expected a point like d4`);
    const index = board.pointIndex(name);
    if (index < 0) return fail('bad-position', `point ${name} is off the ${board.id} board`);
    const other = seen.get(index);
    if (other === piece) return fail('bad-position', `point ${name} is repeated in ${piece}`);
    if (other !== undefined) return fail('bad-position', `two pieces on ${name}: a fox and a goose`);
    seen.set(index, piece);
    found.push(index);
  }
  return ok(found);
}

/** Parses position text for a variant; every rejection names the bad value and what was expected. */
export function parsePosition(variant: Variant, text: string): Result<Position> {
  const fields = new Map<string, string>();
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return fail('bad-position', 'empty position text; expected fox:... geese:... turn:...');
  for (const word of words) {
    const colon = word.indexOf(':');
    const name = colon < 0 ? word : word.slice(0, colon);
    if (colon < 0 || !(FIELDS as readonly string[]).includes(name)) {
      return fail('bad-position', `unknown field "${word}"; expected ${FIELDS.map((f) => `${f}:`).join(' ')}`);
    }
    if (fields.has(name)) return fail('bad-position', `field ${name}: is given twice`);
    fields.set(name, word.slice(colon + 1));
  }
  for (const required of ['fox', 'geese', 'turn']) {
    if (!fields.has(required)) return fail('bad-position', `missing field ${required}:`);
  }
  const seen = new Map<number, string>();
  const foxes = parsePointList(variant.board, fields.get('fox')!.toLowerCase(), seen, 'fox');
  if (!foxes.ok) return foxes;
  const geese = parsePointList(variant.board, fields.get('geese')!.toLowerCase(), seen, 'geese');
  if (!geese.ok) return geese;
  const foxCount = variant.foxes.length;
  if (foxes.value.length !== foxCount) {
    return fail('bad-position', `wrong number of foxes: ${foxes.value.length}; ${variant.id} has ${foxCount}`);
  }
  if (geese.value.length > variant.geese.length) {
    return fail(
      'bad-position',
      `too many geese: ${geese.value.length}; ${variant.id} starts with ${variant.geese.length}`,
    );
  }
  const turn = fields.get('turn')!;
  if (!(SIDES as readonly string[]).includes(turn))
    return fail('bad-position', `bad turn "${turn}"; expected fox | geese`);
  const quietText = fields.get('quiet') ?? '0';
  if (!/^\d{1,6}$/.test(quietText)) return fail('bad-position', `bad quiet "${quietText}"; expected a whole number`);

  const cells = new Uint8Array(variant.board.points.length);
  for (const p of geese.value) cells[p] = GOOSE;
  for (const p of foxes.value) cells[p] = FOX;
  return ok({ cells, turn: turn as Side, quiet: Number(quietText) });
}
