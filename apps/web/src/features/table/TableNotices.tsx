// The table's notices: a refused or unsent move taken back, another error, the friend who just
// joined, and the opponent's standing draw offer in words.
import { opponent, type Side } from '@fg/rules';
import type { TFunction } from 'i18next';

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

/** Every notice that applies now. */
export function TableNotices({ t, state, side, takenBack, onDismiss }: TableNoticesProps) {
  const { table, error, joined } = state;
  const errorText = takenBack
    ? t('board.takenBack', {
        move: takenBack.move,
        reason: t(takenBack.reason === 'offline' ? 'errors.offline' : `errors.${takenBack.reason}`, {
          defaultValue: t('errors.unknown'),
        }),
      })
    : error
      ? t(`errors.${error}`, { defaultValue: t('errors.unknown') })
      : null;
  // The friend's arrival, until the first move is played.
  const friend = side && joined === opponent(side) && table?.status === 'playing' && table.ply === 0;
  const offer = table?.drawOffer && table.drawOffer !== side && table.status === 'playing' ? table.drawOffer : null;
  return (
    <>
      {errorText && (
        <div className="notice notice--error" role="alert">
          <p>{errorText}</p>
          <button type="button" className="secondary" onClick={onDismiss}>
            {t('common.dismiss')}
          </button>
        </div>
      )}
      {friend && (
        <p className="notice notice--joined" aria-live="polite">
          {t('table.friendJoined', { context: joined })}
        </p>
      )}
      {offer && <p className="notice">{t('controls.drawOfferedBy', { context: offer })}</p>}
    </>
  );
}
