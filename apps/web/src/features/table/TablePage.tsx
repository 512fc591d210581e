// The table page: board, status, seats, controls, move list and links, live over the socket.
import './table.css';

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';

import { NotFound } from '../../app/NotFound';
import { adoptSeatFromFragment, loadSeat, seatLink } from '../../lib/seat-store';
import { GameBoard } from './GameBoard';
import { GameControls } from './GameControls';
import { repeatsThirdTime } from './move-entry';
import { MoveList } from './MoveList';
import { SeatsPanel } from './SeatsPanel';
import { type SentMove, withSentMove } from './sent-move';
import { ShareLink } from './ShareLink';
import { statusText } from './status-text';
import { TypedMove } from './TypedMove';
import { useTable } from './use-table';

/** The route `/t/:id`, keyed by id so a rematch starts afresh. */
export default function TableRoute() {
  const { id = '' } = useParams();
  return <TablePage key={id} id={id} />;
}

/** One table, for a player or a spectator. */
function TablePage({ id }: { id: string }) {
  const { t } = useTranslation(['common', 'variants']);
  const navigate = useNavigate();
  const location = useLocation();
  // Adopt a seat carried in the URL fragment before the socket says hello, then hide the secret.
  const [adopted] = useState(() => adoptSeatFromFragment(id, window.location.hash));
  useEffect(() => {
    if (adopted) history.replaceState(history.state, '', window.location.pathname + window.location.search);
  }, [adopted]);
  const live = useTable(id);
  const { state, connection } = live;
  const { role } = state;
  const [pending, setPending] = useState<readonly string[] | null>(null);
  // The move sent and not yet echoed is shown as played; the echo, a resync or a refusal ends that.
  const [sent, setSent] = useState<SentMove | null>(null);
  useEffect(() => setSent(null), [state.game]);
  useEffect(() => {
    if (state.error) setSent(null);
  }, [state.error]);
  const { table, game } = withSentMove(state.table, state.game, sent);
  const [announcement, setAnnouncement] = useState('');
  const seenPly = useRef<number | null>(null);

  useEffect(() => {
    if (live.rematchSeatTable) navigate(`/t/${live.rematchSeatTable}${location.search}`);
  }, [live.rematchSeatTable, navigate, location.search]);

  // Announce each new move (not the moves already played when we arrived).
  useEffect(() => {
    const { table, game } = state;
    if (!table) return;
    if (seenPly.current !== null && table.ply > seenPly.current) {
      const side = game?.position.turn === 'fox' ? 'geese' : 'fox';
      const move = table.moves[table.ply - 1] ?? '';
      setAnnouncement(
        t('announce.move', { side: t(`side.${side}`), move }) + (table.result ? ` ${statusText(t, table, role)}` : ''),
      );
    } else if (seenPly.current !== null && table.result) {
      setAnnouncement(statusText(t, table, role));
    }
    seenPly.current = table.ply;
  }, [state, role, t]);

  useEffect(() => {
    if (table)
      document.title = `${t(`variants:${table.variant}.name`, { defaultValue: table.variant })} · ${t('app.name')}`;
  }, [table, t]);

  if (live.notFound) {
    return <NotFound title={t('table.notFound')} />;
  }

  const side = role === 'fox' || role === 'geese' ? role : null;
  const canMove = !!(table && game && side && table.status === 'playing' && table.turn === side && !game.result);
  const shareUrl = `${window.location.origin}/t/${id}`;
  const seat = side ? loadSeat(id) : null;

  // The link to send comes first while a seat is free, then moves below the game.
  const invite = (
    <section className="panel">
      <h2>{t('share.heading')}</h2>
      <ShareLink label={t('share.label')} url={shareUrl} />
      {seat && (
        <details className="private-link">
          <summary>{t('share.otherDevice')}</summary>
          <p className="muted">{t('share.otherDeviceHint')}</p>
          <ShareLink
            label={t('share.privateLabel')}
            url={seatLink(window.location.origin, id, seat.token)}
            copyLabel={t('share.copyPrivate')}
          />
        </details>
      )}
    </section>
  );

  const sendMove = (path: readonly string[]): void => {
    if (!game) return;
    setPending(null);
    live.dismissError(); // a refusal of this move must change the error, which drops the shown move
    const ply = game.moves.length;
    if (live.send({ type: 'move', ply, path: [...path] })) setSent({ ply, path });
    else setAnnouncement(t('errors.offline'));
  };
  const requestMove = (path: readonly string[]): void => {
    if (!game || !canMove) return;
    if (repeatsThirdTime(game, path)) setPending(path);
    else sendMove(path);
  };

  return (
    <div className="page table-page">
      <header className="table-page__header">
        <h1>{table ? t(`variants:${table.variant}.name`, { defaultValue: table.variant }) : t('table.loading')}</h1>
        <p className={`connection connection--${connection}`}>
          <span className="connection__dot" aria-hidden="true" />
          {t(`connection.${connection}`)}
        </p>
      </header>
      <p className="status" role="status">
        {statusText(t, table, role)}
      </p>
      {side && table && <p className="muted you-play">{t(`table.youPlay.${side}`)}</p>}
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
      {state.error && (
        <div className="notice notice--error" role="alert">
          <p>{t(`errors.${state.error}`, { defaultValue: t('errors.unknown') })}</p>
          <button type="button" className="secondary" onClick={live.dismissError}>
            {t('common.dismiss')}
          </button>
        </div>
      )}
      <div className="table-page__body">
        <div className="table-page__board">
          {game ? (
            <GameBoard game={game} canMove={canMove && !pending} onMove={requestMove} />
          ) : (
            <div className="board-placeholder" />
          )}
          {pending && (
            <div className="notice notice--warning" role="alertdialog" aria-labelledby="repetition-warning">
              <p id="repetition-warning">{t('board.repetitionWarning')}</p>
              <button type="button" onClick={() => sendMove(pending)}>
                {t('board.playAnyway')}
              </button>
              <button type="button" className="secondary" onClick={() => setPending(null)}>
                {t('board.cancel')}
              </button>
            </div>
          )}
          {state.drawOffer && state.drawOffer !== side && table?.status === 'playing' && (
            <p className="notice">{t('controls.drawOfferedBy', { context: state.drawOffer })}</p>
          )}
        </div>
        <aside className="table-page__side">
          {table?.status === 'waiting' && invite}
          {table && side && (
            <GameControls
              table={table}
              side={side}
              drawOffer={state.drawOffer}
              rematchAsked={state.rematchAsked}
              abandonSeconds={state.abandonSeconds}
              send={live.send}
            />
          )}
          {table && table.rematch && !side && (
            <p>
              <Link to={`/t/${table.rematch}`}>{t('table.watchRematch')}</Link>
            </p>
          )}
          {table && <SeatsPanel table={table} role={role} sit={live.sit} />}
          {game && canMove && <TypedMove game={game} onMove={requestMove} />}
          {table && game && <MoveList moves={table.moves} firstSide={game.variant.firstSide} />}
          {table?.status !== 'waiting' && invite}
        </aside>
      </div>
    </div>
  );
}
