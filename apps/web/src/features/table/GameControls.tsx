// What a player can do besides moving: resign (confirmed), offer, accept or decline a draw, propose,
// accept or decline a takeback, claim victory, ask for or decline a rematch. None of them is loud: the
// board is the page's main thing, and Resign is the only one drawn in a warning colour.
import { type ClientMessage, seatActions, type TableView } from '@fg/protocol';
import { opponent, type Side } from '@fg/rules';
import { useTranslation } from 'react-i18next';

import { ConfirmButton } from '../../components/ConfirmButton';
import { useNow } from '../../lib/use-now';

/** Seconds a player must be away before the opponent may claim victory, unless the table says. */
const DEFAULT_ABANDON_SECONDS = 60;

/** Props of the player's controls. */
export interface GameControlsProps {
  readonly table: TableView;
  readonly side: Side; // the viewer's seat
  readonly abandonSeconds: number | null; // from the welcome; the default when the server does not say
  readonly awaySince: number | null; // performance.now() when the opponent went away; null while present
  readonly send: (message: ClientMessage) => boolean;
  readonly online?: boolean; // false while this page's connection is lost: nothing can be sent, so nothing is offered
}

/** The buttons of a seated player, fitting the game's state: the protocol's seatActions says which the server takes. */
export function GameControls({ table, side, abandonSeconds, awaySince, send, online = true }: GameControlsProps) {
  const { t } = useTranslation();
  // While the connection is lost every button stays in place, disabled, and its title says why.
  const off = online ? {} : { disabled: true, title: t('controls.offline') };
  // While the opponent is away the countdown to a claim ticks each second.
  const ticking = table.status === 'playing' && awaySince !== null && !table.correspondence;
  const now = useNow(ticking ? 1000 : null);
  const may = seatActions(table, side, Math.max(now, awaySince ?? now), {
    awaySince,
    abandonSeconds: abandonSeconds ?? DEFAULT_ABANDON_SECONDS,
  });
  const drawOffer = table.drawOffer ?? null;
  const takeback = table.takebackOffer ?? null;
  // A button resting because of a decline says why: a page opened after the decline has no notice of it.
  const declined = table.declined;
  const drawWhy = online && declined?.draw === opponent(side) ? { title: t('controls.drawDeclinedWhy') } : {};
  const takebackWhy = online && declined?.takeback ? { title: t('controls.takebackDeclinedWhy') } : {};

  if (table.status === 'finished') {
    const mine = (table.rematchRequests ?? []).includes(side);
    return (
      <div className="controls">
        {may.declineRematch && <p>{t('controls.rematchOffered')}</p>}
        <button type="button" {...off} disabled={!online || !may.rematch} onClick={() => send({ type: 'rematch' })}>
          {t('controls.rematch')}
        </button>
        {may.declineRematch && (
          <button type="button" {...off} className="secondary" onClick={() => send({ type: 'rematch-decline' })}>
            {t('controls.declineRematch')}
          </button>
        )}
        {mine && <p className="muted">{t('controls.rematchWaiting')}</p>}
      </div>
    );
  }
  if (table.status !== 'playing') return null;
  return (
    <div className="controls">
      {may.answerDraw ? (
        // While the opponent's offer stands, the answer to it replaces Offer draw.
        <>
          <button type="button" {...off} onClick={() => send({ type: 'draw-accept' })}>
            {t('controls.acceptDraw')}
          </button>
          <button type="button" {...off} className="secondary" onClick={() => send({ type: 'draw-decline' })}>
            {t('controls.declineDraw')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="secondary"
          {...off}
          {...drawWhy}
          disabled={!online || !may.offerDraw}
          onClick={() => send({ type: 'draw-offer' })}
        >
          {t('controls.offerDraw')}
        </button>
      )}
      {may.answerTakeback ? (
        <>
          <button type="button" {...off} onClick={() => send({ type: 'takeback-accept' })}>
            {t('controls.acceptTakeback')}
          </button>
          <button type="button" {...off} className="secondary" onClick={() => send({ type: 'takeback-decline' })}>
            {t('controls.declineTakeback')}
          </button>
        </>
      ) : (
        may.takebacks && (
          <button
            type="button"
            className="secondary"
            {...off}
            {...takebackWhy}
            disabled={!online || !may.proposeTakeback}
            onClick={() => send({ type: 'takeback-offer' })}
          >
            {t('controls.proposeTakeback')}
          </button>
        )
      )}
      {drawOffer === side && <p className="muted">{t('controls.drawOffered')}</p>}
      {takeback === side && <p className="muted">{t('controls.takebackProposed')}</p>}
      <ConfirmButton
        label={t('controls.resign')}
        question={t('controls.resignQuestion')}
        confirm={t('controls.confirmResign')}
        danger
        disabledWhy={online ? null : t('controls.offline')}
        onConfirm={() => send({ type: 'resign' })}
      />
      {/* Our own connection lost, the opponent's absence is what we last heard, not what is: no countdown. */}
      {may.claimInSeconds !== null && online && (
        <div className="notice">
          <p>
            {may.claimInSeconds
              ? t('controls.awayCountdown', { seconds: may.claimInSeconds })
              : t('controls.awayClaim')}
          </p>
          {/* Offered only once the server would grant it: a claim made earlier is refused. */}
          {may.claimVictory && (
            <button type="button" {...off} onClick={() => send({ type: 'claim-victory' })}>
              {t('controls.claimVictory')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
