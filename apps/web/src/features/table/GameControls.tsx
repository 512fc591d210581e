// What a player can do besides moving: resign (confirmed), offer, accept or decline a draw, claim victory, rematch.
import type { ClientMessage, TableView } from '@fg/protocol';
import { opponent, type Side } from '@fg/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
}

/** The buttons of a seated player, fitting the game's state. */
export function GameControls({ table, side, abandonSeconds, awaySince, send }: GameControlsProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const other = opponent(side);
  const playing = table.status === 'playing';
  const away = playing && awaySince !== null;
  const now = useNow(away ? 1000 : null);
  const limit = abandonSeconds ?? DEFAULT_ABANDON_SECONDS;
  const left = away ? Math.max(0, limit - Math.floor((Math.max(now, awaySince) - awaySince) / 1000)) : null;
  const drawOffer = table.drawOffer ?? null;
  const asked = table.rematchRequests ?? [];

  if (table.status === 'finished') {
    const mine = asked.includes(side);
    return (
      <div className="controls">
        {asked.includes(other) && !mine && <p>{t('controls.rematchOffered')}</p>}
        <button type="button" disabled={mine || table.rematch !== null} onClick={() => send({ type: 'rematch' })}>
          {t('controls.rematch')}
        </button>
        {mine && <p className="muted">{t('controls.rematchWaiting')}</p>}
      </div>
    );
  }
  if (!playing) return null;
  return (
    <div className="controls">
      {drawOffer === other ? (
        // While the opponent's offer stands, the answer to it replaces Offer draw.
        <>
          <button type="button" onClick={() => send({ type: 'draw-accept' })}>
            {t('controls.acceptDraw')}
          </button>
          <button type="button" className="secondary" onClick={() => send({ type: 'draw-decline' })}>
            {t('controls.declineDraw')}
          </button>
        </>
      ) : (
        <button type="button" disabled={drawOffer === side} onClick={() => send({ type: 'draw-offer' })}>
          {t('controls.offerDraw')}
        </button>
      )}
      {drawOffer === side && <p className="muted">{t('controls.drawOffered')}</p>}
      {confirming ? (
        <span className="controls__confirm" role="group" aria-label={t('controls.resignQuestion')}>
          <button
            type="button"
            className="danger danger--solid"
            onClick={() => {
              setConfirming(false);
              send({ type: 'resign' });
            }}
          >
            {t('controls.confirmResign')}
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>
            {t('board.cancel')}
          </button>
        </span>
      ) : (
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          {t('controls.resign')}
        </button>
      )}
      {away && (
        <div className="notice">
          <p>{left ? t('controls.awayCountdown', { seconds: left }) : t('controls.awayClaim')}</p>
          {/* Offered only once the server would grant it: a claim made earlier is refused. */}
          {left === 0 && (
            <button type="button" onClick={() => send({ type: 'claim-victory' })}>
              {t('controls.claimVictory')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
