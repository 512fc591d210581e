// The table's notices, beside the board on a wide screen and right below it on a phone (never above
// it, so none of them moves it): a refused or unsent move taken back, another error, the friend who
// just joined, the opponent's standing draw or takeback offer, an offer declined, an aborted game.
import { opponent, type Side } from '@fg/rules';
import type { TFunction } from 'i18next';

import { sideWord } from '../../lib/side-word';
import type { TableState } from './table-state';
import type { TakenBack } from './use-sent-move';

/** Props of the notices. */
export interface TableNoticesProps {
  readonly t: TFunction;
  readonly state: TableState;
  readonly side: Side | null;
  readonly takenBack: TakenBack | null;
  readonly onDismiss: () => void;
}

/** The words of an error or a move taken back, if any. */
function errorWords(t: TFunction, state: TableState, takenBack: TakenBack | null): string | null {
  if (takenBack) {
    const reason = takenBack.reason === 'offline' ? 'errors.offline' : `errors.${takenBack.reason}`;
    return t('board.takenBack', { move: takenBack.move, reason: t(reason, { defaultValue: t('errors.unknown') }) });
  }
  return state.error ? t(`errors.${state.error}`, { defaultValue: t('errors.unknown') }) : null;
}

/** Who declined which offer, in words: to the one who offered it "your … offer", to the decliner "you declined". */
function declinedWords(t: TFunction, state: TableState, side: Side | null): string | null {
  const { declined, table } = state;
  if (!declined || !table) return null;
  // A draw or takeback refused is news only while the game runs; a rematch refused only after it.
  if ((declined.offer === 'rematch') !== (table.status === 'finished')) return null;
  if (side === declined.by) return t(`offers.declinedMine.${declined.offer}`);
  return side === opponent(declined.by)
    ? t(`offers.declinedYours.${declined.offer}`)
    : t(`offers.declined.${declined.offer}`, { context: sideWord(declined.by, table.variant) });
}

/** Every notice that applies now. */
export function TableNotices({ t, state, side, takenBack, onDismiss }: TableNoticesProps) {
  const { table, joined } = state;
  const error = errorWords(t, state, takenBack);
  const playing = table?.status === 'playing';
  // The friend's arrival, until the first move is played.
  const friend = side && joined === opponent(side) && playing && table.ply === 0;
  const draw = playing && table.drawOffer && table.drawOffer !== side ? table.drawOffer : null;
  const takeback = playing && table.takebackOffer && table.takebackOffer !== side ? table.takebackOffer : null;
  const declined = declinedWords(t, state, side);
  // A side's word where it is named: 'foxes' in a variant with two.
  const word = (s: Side): string => (table ? sideWord(s, table.variant) : s);
  const aborted = table?.result?.reason === 'aborted';
  return (
    <div className="table-page__notices" aria-live="polite">
      {error && (
        <div className="notice notice--error" role="alert">
          <p>{error}</p>
          <button type="button" className="secondary" onClick={onDismiss}>
            {t('common.dismiss')}
          </button>
        </div>
      )}
      {friend && (
        <p className="notice notice--joined">
          {t('table.friendJoined', { context: joined ? word(joined) : undefined })}
        </p>
      )}
      {draw && <p className="notice notice--offer">{t('controls.drawOfferedBy', { context: word(draw) })}</p>}
      {takeback && <p className="notice notice--offer">{t('offers.takebackBy', { context: word(takeback) })}</p>}
      {declined && (
        <p className="notice notice--declined" data-declined={state.declined?.offer}>
          {declined}
        </p>
      )}
      {aborted && <p className="notice">{t('offers.aborted')}</p>}
    </div>
  );
}
