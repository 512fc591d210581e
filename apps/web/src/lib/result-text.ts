// A game's result in words, shared by the table page, its summary and the offline game.
import type { TableView } from '@fg/protocol';
import { opponent } from '@fg/rules';
import type { TFunction } from 'i18next';

import { sideWord } from './side-word';

/** A result in words: who won (or a draw), and why; the loser's side picks the wording where it matters. */
export function resultText(t: TFunction, result: NonNullable<TableView['result']>, variant = 'standard'): string {
  // An aborted game has no winner and is no draw either.
  if (result.reason === 'aborted') return t('result.aborted');
  const winner = t(`result.${result.winner ? sideWord(result.winner, variant) : 'draw'}`);
  const context = result.winner ? sideWord(opponent(result.winner), variant) : undefined;
  return t('result.withReason', { winner, reason: t(`reason.${result.reason}`, { context }) });
}
