// The board column of the table page: the bar above the board (the review bar, "sending", "You play
// the fox.", the join banner), the board, and what is laid over it (the lost connection, the
// repetition warning), so nothing that comes and goes moves the board.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { GameBoard } from '../../components/game-board/GameBoard';
import { ReviewBar } from '../../components/review/ReviewBar';
import { sideWord } from '../../lib/side-word';
import { JoinBanner } from './JoinBanner';
import { useConfirmMoves } from './move-confirmation';
import type { TablePageState } from './use-table-page';

/** The board and what sits right around it. */
export function TableBoardArea({ page }: { page: TablePageState }) {
  const { t } = useTranslation();
  const { live, shown, side, sent, review, reviewing, shownGame, lost, canMove, canPremove, pending } = page;
  const { table } = shown;
  const confirmMoves = useConfirmMoves();
  // On a phone the move list is below the board: a review step brings the board (and its bar) into view.
  const boardArea = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (review.shownPly !== null && window.matchMedia?.('(max-width: 820px)').matches)
      boardArea.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [review.shownPly]);

  const bar = reviewing ? (
    <ReviewBar shownPly={review.shownPly!} moves={table!.moves} seenPly={review.seenPly} onShow={review.show} />
  ) : sent.pending ? (
    <p className="sending" data-sending="true">
      {t('board.sending', { move: table?.moves[table.moves.length - 1] ?? '' })}
    </p>
  ) : side ? (
    <p className="muted you-play">{t(`table.youPlay.${table ? sideWord(side, table.variant) : side}`)}</p>
  ) : !lost && table && shown.role === 'spectator' ? (
    // The friend's moment: "Take the … seat" in the bar above the board, so the board stays whole and still.
    <JoinBanner table={table} sit={live.sit} />
  ) : null;

  const overlay = (
    <>
      {lost && (
        <div className="board-notice board-notice--lost" role="alert" data-lost={live.link}>
          <p>{t(`connection.banner.${live.link}`)}</p>
        </div>
      )}
      {pending && (
        <div className="board-notice notice--warning" role="alertdialog" aria-labelledby="repetition-warning">
          <p id="repetition-warning">{t('board.repetitionWarning')}</p>
          <button type="button" onClick={() => page.sendMove(pending)}>
            {t('board.playAnyway')}
          </button>
          <button type="button" className="secondary" onClick={page.cancelPending}>
            {t('board.cancel')}
          </button>
        </div>
      )}
    </>
  );

  return (
    <div className={`table-page__board${lost ? ' table-page__board--lost' : ''}`} ref={boardArea}>
      {shownGame ? (
        <GameBoard
          game={shownGame}
          side={side}
          canMove={canMove && !pending && !reviewing}
          canPremove={canPremove && !pending && !reviewing}
          playing={table?.status === 'playing'}
          confirmMoves={confirmMoves}
          onMove={page.requestMove}
          flipped={page.flipped}
          bar={bar}
          overlay={lost || pending ? overlay : null}
        />
      ) : (
        <div className="game-board">
          <div className="game-board__actions" />
          <div className="game-board__stage board-placeholder" data-board="" />
        </div>
      )}
    </div>
  );
}
