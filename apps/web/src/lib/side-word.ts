// A side's word: where a variant's fox side has two foxes (Two Foxes), the words say "foxes", not "fox". The number
// comes from the variant's data (its start points), so a new variant with two foxes needs no word here.
import { getVariant, type Side } from '@fg/rules';
import type { TFunction } from 'i18next';

/** The key word of a side in a variant: 'fox', 'foxes' or 'geese'. */
export type SideWord = Side | 'foxes';

/** The word the side is named by in `variant`: 'foxes' for the fox side of a variant with more than one fox. */
export function sideWord(side: Side, variant: string): SideWord {
  if (side !== 'fox') return side;
  const rules = getVariant(variant);
  return rules.ok && rules.value.foxes.length > 1 ? 'foxes' : 'fox';
}

/** A side's name in the page's language, in the variant's number: "Foxes" for Two Foxes' fox side. */
export function sideName(t: TFunction, side: Side, variant: string): string {
  return t(`side.${sideWord(side, variant)}`);
}
