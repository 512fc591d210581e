// The board editor's model: pieces by point, the side to move, the position text kept in step with them, and why a
// set-up cannot be analysed, as a code the page words in the reader's language.
import { FOX, GOOSE, parsePosition, type Side, type Variant } from '@fg/rules';

import type { Piece } from '../../components/board/Board';

/** A set-up being edited: pieces by point name, and whose move it is. */
export interface SetUp {
  readonly pieces: ReadonlyMap<string, Piece>;
  readonly turn: Side;
}

/** What is wrong with a set-up, for words: a count of foxes or geese, or the rules' own reason. */
export type SetUpProblem =
  | { readonly code: 'foxes'; readonly need: number; readonly count: number }
  | { readonly code: 'geese'; readonly max: number; readonly count: number }
  | { readonly code: 'other'; readonly reason: string };

/** The set-up with `piece` on `point` (null: the point emptied). */
export function place(setUp: SetUp, point: string, piece: Piece | null): SetUp {
  const pieces = new Map(setUp.pieces);
  if (piece) pieces.set(point, piece);
  else pieces.delete(point);
  return { ...setUp, pieces };
}

/** The set-up with the piece on `from` moved to `to`, or taken off the board when `to` is null. */
export function move(setUp: SetUp, from: string, to: string | null): SetUp {
  const piece = setUp.pieces.get(from);
  if (!piece || from === to) return setUp;
  const without = place(setUp, from, null);
  return to ? place(without, to, piece) : without;
}

/** The position text of a set-up (docs/rules.md), points in the board's order. */
export function setUpText(variant: Variant, setUp: SetUp): string {
  const named = (piece: Piece): string =>
    variant.board.points
      .map((p) => p.name)
      .filter((name) => setUp.pieces.get(name) === piece)
      .join(',');
  return `fox:${named('fox')} geese:${named('goose')} turn:${setUp.turn}`;
}

/** The set-up a position text describes, or the rules' reason it does not read. */
export function readSetUp(variant: Variant, text: string): SetUp | { error: string } {
  const parsed = parsePosition(variant, text);
  if (!parsed.ok) return { error: parsed.error.message };
  const pieces = new Map<string, Piece>();
  variant.board.points.forEach((point, i) => {
    const cell = parsed.value.cells[i];
    if (cell === FOX) pieces.set(point.name, 'fox');
    else if (cell === GOOSE) pieces.set(point.name, 'goose');
  });
  return { pieces, turn: parsed.value.turn };
}

/** Why the set-up cannot be analysed, or null when it can. */
export function setUpProblem(variant: Variant, setUp: SetUp): SetUpProblem | null {
  const count = (piece: Piece): number => [...setUp.pieces.values()].filter((p) => p === piece).length;
  const foxes = count('fox');
  if (foxes !== variant.foxes.length) return { code: 'foxes', need: variant.foxes.length, count: foxes };
  const geese = count('goose');
  if (geese > variant.geese.length) return { code: 'geese', max: variant.geese.length, count: geese };
  const parsed = parsePosition(variant, setUpText(variant, setUp));
  return parsed.ok ? null : { code: 'other', reason: parsed.error.message };
}
