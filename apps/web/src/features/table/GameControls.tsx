// What a player can do besides moving: resign (confirmed), offer, accept or decline a draw, propose,
// accept or decline a takeback, claim victory, ask for or decline a rematch. None of them is loud: the
// board is the page's main thing, and Resign is the only one drawn in a warning colour.
import type { ClientMessage, TableView } from '@fg/protocol';
import { opponent, type Side } from '@fg/rules';
import { useTranslation } from 'react-i18next';

import { ConfirmButton } from '../../components/ConfirmButton';
import { useNow } from '../../lib/use-now';
import type { Declined } from './table-state';

/** Seconds a player must be away before the opponent may claim victory, unless the table says. */
const DEFAULT_ABANDON_SECONDS = 60;

/** Props of the player's controls. */
export interface GameControlsProps {
  readonly table: TableView;
  readonly side: Side; // the viewer's seat
  readonly abandonSeconds: number | null; // from the welcome; the default when the server does not say
  readonly awaySince: number | null; // performance.now() when the opponent went away; null while present
  readonly send: (message: ClientMessage) => boolean;
  readonly declined?: Declined | null; // the offer the opponent last declined: not offered again until a move
}

/** The buttons of a seated player, fitting the game's state. */
export function GameControls({ table, side, abandonSeconds, awaySince, send, declined = null }: GameControlsProps) {
  const { t } = useTranslation();
  const other = opponent(side);
  const playing = table.status === 'playing';
  // A correspondence game is never claimed as abandoned (the server refuses it): its deadline decides.
  const away = playing && awaySince !== null && !table.correspondence;
  const now = useNow(away ? 1000 : null);
  const limit = abandonSeconds ?? DEFAULT_ABANDON_SECONDS;
  const left = away ? Math.max(0, limit - Math.floor((Math.max(now, awaySince) - awaySince) / 1000)) : null;
  const drawOffer = table.drawOffer ?? null;
  const asked = table.rematchRequests ?? [];
  const takeback = table.takebackOffer ?? null;
  // A takeback undoes the asker's own last move: it must have made one.
  const firstSide = table.ply > 0 && table.moves.length > 0 ? firstMover(table) : null;
  const madeAMove = firstSide !== null && (firstSide === side ? table.ply >= 1 : table.ply >= 2);
  // Against the computer with a clock there are no takebacks (the server refuses them: the clock would never run out).
  const takebacks = !(table.clock && table.seats[other].computer !== undefined);
  // The server takes one offer of each kind per move: once the opponent has declined, the button rests until a move.
  const refused = (offer: Declined['offer']): boolean => declined?.offer === offer && declined.by === other;

  if (table.status === 'finished') {
    const mine = asked.includes(side);
    const theirs = asked.includes(other) && !mine && table.rematch === null;
    return (
      <div className="controls">
        {theirs && <p>{t('controls.rematchOffered')}</p>}
        <button type="button" disabled={mine || table.rematch !== null} onClick={() => send({ type: 'rematch' })}>
          {t('controls.rematch')}
        </button>
        {theirs && (
          <button type="button" className="secondary" onClick={() => send({ type: 'rematch-decline' })}>
            {t('controls.declineRematch')}
          </button>
        )}
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
        <button
          type="button"
          className="secondary"
          disabled={drawOffer === side || refused('draw')}
          onClick={() => send({ type: 'draw-offer' })}
        >
          {t('controls.offerDraw')}
        </button>
      )}
      {takeback === other ? (
        <>
          <button type="button" onClick={() => send({ type: 'takeback-accept' })}>
            {t('controls.acceptTakeback')}
          </button>
          <button type="button" className="secondary" onClick={() => send({ type: 'takeback-decline' })}>
            {t('controls.declineTakeback')}
          </button>
        </>
      ) : (
        takebacks && (
          <button
            type="button"
            className="secondary"
            disabled={takeback === side || !madeAMove || refused('takeback')}
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
        onConfirm={() => send({ type: 'resign' })}
      />
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

/** The side that moved first, read from the view's position text and ply (no rules replay needed). */
function firstMover(table: TableView): Side {
  // After an even number of plies the side to move is the one that moved first.
  return table.ply % 2 === 0 ? table.turn : opponent(table.turn);
}
