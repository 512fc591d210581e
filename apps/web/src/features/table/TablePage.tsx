// The table page: the composition of its parts, live over the socket. The friend's seat comes first,
// then the board (with the chain bar or the review bar above it) beside the clocks, controls and moves.
import './table.css';

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearch } from 'wouter';

import { NotFound } from '../../app/NotFound';
import { adoptSeatFromFragment } from '../../lib/seat-store';
import { ClockPanel } from './ClockPanel';
import { GameBoard } from './GameBoard';
import { GameControls } from './GameControls';
import { GameSummary } from './GameSummary';
import { InviteSection } from './InviteSection';
import { JoinBanner } from './JoinBanner';
import { gameAt, repeatsThirdTime } from './move-entry';
import { MoveList } from './MoveList';
import { ReviewBar } from './ReviewBar';
import { SeatsPanel } from './SeatsPanel';
import { expectedEcho, withSentMove } from './sent-move';
import { announcement, statusText } from './status-text';
import { TableNotices } from './TableNotices';
import { TableTools, useFlip } from './TableTools';
import { TypedMove } from './TypedMove';
import { useDecisiveMoves } from './use-decisive-moves';
import { useNotices } from './use-notices';
import { useReview } from './use-review';
import { useSentMove } from './use-sent-move';
import { useTable } from './use-table';

/** The route `/t/:id`, keyed by id so a rematch starts afresh. */
export default function TableRoute() {
  const { id = '' } = useParams();
  return <TablePage key={id} id={id} />;
}

/** One table, for a player or a spectator. */
function TablePage({ id }: { id: string }) {
  const { t } = useTranslation(['common', 'variants']);
  const [, navigate] = useLocation();
  const search = useSearch();
  // Adopt a seat carried in the URL fragment before the socket says hello, then hide the secret.
  const [adopted] = useState(() => adoptSeatFromFragment(id, window.location.hash));
  useEffect(() => {
    if (adopted) history.replaceState(history.state, '', window.location.pathname + window.location.search);
  }, [adopted]);
  const live = useTable(id);
  const { state, connection } = live;
  const { role } = state;
  const [pending, setPending] = useState<readonly string[] | null>(null);
  const sent = useSentMove(state);
  const shownState = withSentMove(state, sent.pending);
  const { table, game } = shownState;
  const review = useReview(table?.moves.length ?? 0);
  const [flipped, flip] = useFlip(id);
  // v1.2: where the game is solved, review marks the moves where the perfect-play winner changed.
  const decisive = useDecisiveMoves(
    id,
    table?.status === 'finished' ? 'finished' : review.shownPly !== null ? 'review' : null,
  );
  useNotices(t, state, table);
  // On a phone the move list is below the board: a review step brings the board (and its bar) into view.
  const boardArea = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (review.shownPly !== null && window.matchMedia?.('(max-width: 820px)').matches)
      boardArea.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [review.shownPly]);

  // Players take their new seat at the rematch; spectators follow the table there too.
  useEffect(() => {
    if (live.followTable) navigate(`/t/${live.followTable}${search ? `?${search}` : ''}`);
  }, [live.followTable, navigate, search]);

  if (live.notFound) return <NotFound title={t('table.notFound')} />;

  const side = role === 'fox' || role === 'geese' ? role : null;
  const reviewing = review.shownPly !== null && game !== null;
  const shownGame = game && reviewing ? gameAt(game, review.shownPly) : game;
  const canMove = !!(table && game && side && table.status === 'playing' && table.turn === side && !game.result);
  // A player's board keeps a bar above it for End move here / Cancel; "You play the fox." waits there meanwhile
  // instead of a line of its own above an empty bar.
  const inBoardBar = shownGame !== null && side !== null && !reviewing;
  const youPlay = side && table ? <p className="muted you-play">{t(`table.youPlay.${side}`)}</p> : null;

  const sendMove = (path: readonly string[]): void => {
    if (!game) return;
    setPending(null);
    live.dismissError(); // a refusal of this move must be new, so the shown move is taken back
    const ply = game.moves.length;
    const delivered = live.send({ type: 'move', ply, path: [...path] });
    sent.sent({ ply, path }, expectedEcho(state, { ply, path })?.move ?? path.join('-'), delivered);
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
      {!inBoardBar && youPlay}
      {table && role === 'spectator' && <JoinBanner table={table} sit={live.sit} />}
      <div className="visually-hidden" aria-live="polite">
        {announcement(t, state)}
      </div>
      <TableNotices
        t={t}
        state={state}
        side={side}
        takenBack={sent.takenBack}
        onDismiss={() => {
          sent.dismiss();
          live.dismissError();
        }}
      />
      <div className="table-page__body">
        <div className="table-page__board" ref={boardArea}>
          {reviewing ? (
            <ReviewBar shownPly={review.shownPly} moves={table!.moves} seenPly={review.seenPly} onShow={review.show} />
          ) : (
            sent.pending && (
              <p className="sending" data-sending="true">
                {t('board.sending', { move: table?.moves[table.moves.length - 1] ?? '' })}
              </p>
            )
          )}
          {shownGame ? (
            <GameBoard
              game={shownGame}
              canMove={canMove && !pending && !reviewing}
              onMove={requestMove}
              flipped={flipped}
              player={side !== null && !reviewing}
              idle={inBoardBar ? youPlay : null}
            />
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
        </div>
        <aside className="table-page__side">
          {table?.clock && <ClockPanel clock={table.clock} at={state.clockAt} viewer={side} />}
          {table && side && (
            <GameControls
              table={table}
              side={side}
              abandonSeconds={state.abandonSeconds}
              awaySince={state.awaySince[side === 'fox' ? 'geese' : 'fox']}
              send={live.send}
            />
          )}
          {table && game && table.result && <GameSummary table={table} game={game} />}
          {table && game && (
            <MoveList
              moves={table.moves}
              firstSide={game.variant.firstSide}
              shownPly={review.shownPly}
              onShow={review.show}
              decisive={decisive}
            />
          )}
          {table && <TableTools id={id} flipped={flipped} onFlip={flip} />}
          {game && canMove && <TypedMove game={game} onMove={requestMove} />}
          {table && <SeatsPanel table={table} role={role} />}
          {table && <InviteSection id={id} side={side} />}
        </aside>
      </div>
    </div>
  );
}
