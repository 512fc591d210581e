// The words of the status line: whose turn it is, or the result and its reason.
import type { Role, TableView } from '@fg/protocol';
import { opponent } from '@fg/rules';
import type { TFunction } from 'i18next';

import { resultText } from '../../lib/result-text';
import { sideWord } from '../../lib/side-word';
import type { TableState } from './table-state';

/** The status line for a table as seen by `role`; `inStep` false while the page cannot hear the table (after it
 * had), when whose move it is may be stale and no move can be sent: it says so rather than invite one. */
export function statusText(t: TFunction, table: TableView | null, role: Role | null, inStep = true): string {
  if (!table) return t('status.connecting');
  if (table.result) return resultText(t, table.result, table.variant);
  if (!inStep) return t('status.outOfStep');
  if (table.status === 'waiting') return t('status.waiting');
  const turn = sideWord(table.turn, table.variant);
  if (role === table.turn) return t(`status.yourTurn.${turn}`);
  return t(`status.turn.${turn}`);
}

/** What the live region says: the newest move played since arrival, and the result once the game ends. */
export function announcement(t: TFunction, state: TableState): string {
  const { table, role, game } = state;
  if (!table || !game) return '';
  const parts: string[] = [];
  if (table.ply > state.arrivedPly) {
    const first = game.variant.firstSide;
    const side = (table.ply - 1) % 2 === 0 ? first : opponent(first);
    parts.push(
      t('announce.move', { side: t(`side.${sideWord(side, table.variant)}`), move: table.moves[table.ply - 1] ?? '' }),
    );
  }
  if (table.result && !state.arrivedFinished) parts.push(statusText(t, table, role));
  return parts.join(' ');
}
