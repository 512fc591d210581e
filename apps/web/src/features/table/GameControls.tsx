// What a player can do besides moving: resign, offer or accept a draw, claim victory, rematch.
import type { ClientMessage, TableView } from '@fg/protocol';
import { opponent, type Side } from '@fg/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seconds a player must be away before the opponent may claim victory, unless the table says. */
export const DEFAULT_ABANDON_SECONDS = 60;

/** Props of the player's controls. */
export interface GameControlsProps {
  readonly table: TableView;
  readonly side: Side; // the viewer's seat
  readonly drawOffer: Side | null;
  readonly rematchAsked: readonly Side[];
  readonly abandonSeconds: number | null; // from the welcome; the default when the server does not say
  readonly send: (message: ClientMessage) => boolean;
}

/** Seconds since the opponent went away (null while present), ticking once a second. */
function useAwaySeconds(away: boolean): number | null {
  const [since, setSince] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setSince(away ? Date.now() : null);
    if (!away) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [away]);
  return since === null ? null : Math.max(0, Math.floor((now - since) / 1000));
}

/** The buttons of a seated player, fitting the game's state. */
export function GameControls({ table, side, drawOffer, rematchAsked, abandonSeconds, send }: GameControlsProps) {
  const { t } = useTranslation();
  const other = opponent(side);
  const playing = table.status === 'playing';
  const away = playing && table.seats[other].taken && !table.seats[other].online;
  const awaySeconds = useAwaySeconds(away);
  const limit = abandonSeconds ?? DEFAULT_ABANDON_SECONDS;
  const left = awaySeconds === null ? null : Math.max(0, limit - awaySeconds);

  if (table.status === 'finished') {
    const asked = rematchAsked.includes(side);
    return (
      <div className="controls">
        {rematchAsked.includes(other) && !asked && <p>{t('controls.rematchOffered')}</p>}
        <button type="button" disabled={asked || table.rematch !== null} onClick={() => send({ type: 'rematch' })}>
          {t('controls.rematch')}
        </button>
        {asked && <p className="muted">{t('controls.rematchWaiting')}</p>}
      </div>
    );
  }
  if (!playing) return null;
  return (
    <div className="controls">
      {drawOffer === other && (
        <button type="button" onClick={() => send({ type: 'draw-accept' })}>
          {t('controls.acceptDraw')}
        </button>
      )}
      <button type="button" disabled={drawOffer === side} onClick={() => send({ type: 'draw-offer' })}>
        {t('controls.offerDraw')}
      </button>
      {drawOffer === side && <p className="muted">{t('controls.drawOffered')}</p>}
      <button type="button" className="danger" onClick={() => send({ type: 'resign' })}>
        {t('controls.resign')}
      </button>
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
