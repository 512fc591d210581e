// The board column of the table page: the review bar or "sending" above the board, the board, and
// the repetition warning.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { GameBoard } from './GameBoard';
import { ReviewBar } from './ReviewBar';
import type { TablePageState } from './use-table-page';

/** The board and what sits right around it. */
export function TableBoardArea({ page }: { page: TablePageState }) {
  const { t } = useTranslation();
  const { shown, side, sent, review, reviewing, shownGame, canMove, pending } = page;
  const { table } = shown;
  // A player's board keeps a bar above it for End move here / Cancel; "You play the fox." waits there meanwhile
  // instead of a line of its own above an empty bar.
  // On a phone the move list is below the board: a review step brings the board (and its bar) into view.
  const boardArea = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (review.shownPly !== null && window.matchMedia?.('(max-width: 820px)').matches)
      boardArea.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [review.shownPly]);
  const inBoardBar = shownGame !== null && side !== null && !reviewing;
  return (
    <div className="table-page__board" ref={boardArea}>
      {reviewing ? (
        <ReviewBar shownPly={review.shownPly!} moves={table!.moves} seenPly={review.seenPly} onShow={review.show} />
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
          onMove={page.requestMove}
          flipped={page.flipped}
          player={side !== null && !reviewing}
          idle={inBoardBar ? <YouPlay side={side} /> : null}
        />
      ) : (
        <div className="board-placeholder" />
      )}
      {pending && (
        <div className="notice notice--warning" role="alertdialog" aria-labelledby="repetition-warning">
          <p id="repetition-warning">{t('board.repetitionWarning')}</p>
          <button type="button" onClick={() => page.sendMove(pending)}>
            {t('board.playAnyway')}
          </button>
          <button type="button" className="secondary" onClick={page.cancelPending}>
            {t('board.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}

/** "You play the fox." */
export function YouPlay({ side }: { side: 'fox' | 'geese' | null }) {
  const { t } = useTranslation();
  return side ? <p className="muted you-play">{t(`table.youPlay.${side}`)}</p> : null;
}
