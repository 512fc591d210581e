// Shown while a past position is on the board: which move it is, step buttons, a waiting new move,
// and "Back to the game".
import './review.css';

import { useTranslation } from 'react-i18next';

import { moveNumberText } from './move-number';

/** Props of the review bar. */
export interface ReviewBarProps {
  readonly shownPly: number; // moves shown: 3
  readonly moves: readonly string[]; // every move of the live game
  readonly seenPly: number; // moves the live game had when review began: newer ones are waiting
  readonly onShow: (ply: number | null) => void; // null: back to the live game
}

/** Which move the board shows: "After 2… e3-e4", on a phone the move alone (the words would cut it off). */
function ShownMove({ text }: { readonly text: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="review-bar__words">{t('review.after', { move: text })}</span>
      <span className="review-bar__short" aria-hidden="true">
        {text}
      </span>
    </>
  );
}

/** The bar above the board while reviewing. */
export function ReviewBar({ shownPly, moves, seenPly, onShow }: ReviewBarProps) {
  const { t } = useTranslation();
  const waiting = moves.slice(seenPly);
  return (
    <div className="review-bar" role="group" aria-label={t('review.heading')}>
      <span className="review-bar__where">
        {shownPly === 0 ? (
          t('review.start')
        ) : (
          <ShownMove text={`${moveNumberText(shownPly - 1)} ${moves[shownPly - 1]}`} />
        )}
      </span>
      <button
        type="button"
        className="secondary"
        disabled={shownPly === 0}
        aria-label={t('review.previous')}
        onClick={() => onShow(shownPly - 1)}
      >
        ‹
      </button>
      <button
        type="button"
        className="secondary"
        aria-label={t('review.next')}
        onClick={() => onShow(shownPly + 1 >= moves.length ? null : shownPly + 1)}
      >
        ›
      </button>
      <button type="button" onClick={() => onShow(null)}>
        {t('review.back')}
      </button>
      {waiting.length > 0 && (
        <span className="review-bar__waiting" role="note">
          {t('review.waiting', { move: waiting[waiting.length - 1], count: waiting.length })}
        </span>
      )}
    </div>
  );
}
