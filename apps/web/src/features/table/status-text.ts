// The words of the status line: whose turn it is, or the result and its reason.
import type { Role, TableView } from '@fg/protocol';
import { opponent } from '@fg/rules';
import type { TFunction } from 'i18next';

/** The status line for a table as seen by `role`. */
export function statusText(t: TFunction, table: TableView | null, role: Role | null): string {
  if (!table) return t('status.connecting');
  if (table.result) return resultText(t, table.result);
  if (table.status === 'waiting') return t('status.waiting');
  if (role === table.turn) return t(`status.yourTurn.${table.turn}`);
  return t(`status.turn.${table.turn}`);
}

/** A result in words: who won (or a draw), and why; the loser's side picks the wording where it matters. */
export function resultText(t: TFunction, result: NonNullable<TableView['result']>): string {
  const winner = t(`result.${result.winner ?? 'draw'}`);
  const context = result.winner ? opponent(result.winner) : undefined;
  return t('result.withReason', { winner, reason: t(`reason.${result.reason}`, { context }) });
}
