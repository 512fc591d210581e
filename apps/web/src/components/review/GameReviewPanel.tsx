// The review of a finished game (docs/product.md "The review"): who wins from the start with perfect play, a summary
// per player (moves that kept the value, inaccuracies, mistakes, decisive mistakes; a count jumps to the move), the
// evaluation graph, the sentence of the shown marked move with the moves that did better, and the legend with where
// the marks come from.
import { opponent, type Side, SIDES } from '@fg/rules';
import { useTranslation } from 'react-i18next';

import { type ReviewedMove, summarise } from '../../lib/game-review';
import { type Grade, GRADE_SIGN, GRADES } from '../../lib/judgement';
import { sideName } from '../../lib/side-word';
import { EvalGraph } from './EvalGraph';
import { MarkSign } from './MarkSign';
import { MoveGroups } from './MoveGroups';
import { markSentence } from './review-words';
import { type GameReview, REVIEW_DEPTH } from './use-game-review';

/** Props of the panel. */
export interface GameReviewPanelProps {
  readonly review: GameReview;
  readonly viewer: Side | null; // the side this browser played, if any ("you")
  readonly variant: string; // names the fox side: 'Foxes' in two-foxes
  readonly shown: number | null; // the game's position on the board (moves played), null: off the game's line
  readonly onShow: (ply: number) => void; // show the position after `ply` moves of the game
  readonly onTry?: (ply: number, move: string) => void; // play `move` instead of the game's move `ply`
  readonly onLearn?: (side: Side) => void; // start "Learn from your mistakes" for a side
}

const ROWS: readonly ('kept' | Grade)[] = ['kept', ...GRADES];

/** The summary: one column per side, one row per kind of move; a count is a button to the side's first such move. */
function Summary({
  review,
  viewer,
  variant,
  onShow,
}: Pick<GameReviewPanelProps, 'review' | 'viewer' | 'variant' | 'onShow'>) {
  const { t } = useTranslation();
  const name = (side: Side): string => sideName(t, side, variant);
  const first = (side: Side, row: 'kept' | Grade): ReviewedMove | undefined =>
    row === 'kept' ? undefined : review.moves.find((m) => m.mover === side && m.judgement.grade === row);
  return (
    <table className="review-summary">
      <thead>
        <tr>
          <td />
          {SIDES.map((side) => (
            <th key={side} scope="col">
              {viewer === side ? t('judge.you', { side: name(side) }) : name(side)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => (
          <tr key={row} data-summary={row}>
            <th scope="row">
              {t(`judge.summary.${row}`)}
              {row !== 'kept' && <span className={`move-mark move-mark--${row}`}>{` ${GRADE_SIGN[row]}`}</span>}
            </th>
            {SIDES.map((side) => {
              const count = summarise(review.moves, side)[row];
              const to = first(side, row);
              return (
                <td key={side} data-side={side}>
                  {to ? (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => onShow(to.ply + 1)}
                      aria-label={t('judge.jump', { count, what: t(`judge.summary.${row}`), side: name(side) })}
                    >
                      {count}
                    </button>
                  ) : (
                    count
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The shown marked move's sentence, with the better moves to try. */
function MarkedMove({
  move,
  review,
  variant,
  onTry,
}: {
  move: ReviewedMove;
  review: GameReview;
  variant: string;
  onTry?: GameReviewPanelProps['onTry'];
}) {
  const { t } = useTranslation();
  const sentence = markSentence(t, move, review, variant);
  if (!sentence || !move.judgement.grade) return null;
  return (
    <div className={`review-sentence review-sentence--${move.judgement.grade}`} data-sentence={move.judgement.grade}>
      <p>
        <MarkSign grade={move.judgement.grade} /> {sentence}
      </p>
      {move.better.length > 0 && onTry && (
        <p className="review-sentence__better">
          <span className="muted">{t('judge.tryBetter')} </span>
          <MoveGroups moves={move.better} onPlay={(better) => onTry(move.ply, better)} />
        </p>
      )}
    </div>
  );
}

/** The whole review panel. */
export function GameReviewPanel({ review, viewer, variant, shown, onShow, onTry, onLearn }: GameReviewPanelProps) {
  const { t } = useTranslation();
  const start = review.outcomes?.plies[0]?.winner;
  const shownMove = shown !== null && shown > 0 ? review.moves[shown - 1] : undefined;
  const source = review.source === 'solution' ? 'solution' : navigator.onLine === false ? 'offline' : 'engine';
  return (
    <section
      className="panel review-panel"
      aria-labelledby="review-panel-heading"
      data-review={review.source ?? 'pending'}
      data-complete={review.complete}
    >
      <h2 id="review-panel-heading">{t('judge.heading')}</h2>
      {start && (
        <p className="review-panel__start" data-lost-from-start={opponent(start)}>
          {t(`judge.lostFromStart.${opponent(start)}`)}
        </p>
      )}
      {shownMove && <MarkedMove move={shownMove} review={review} variant={variant} onTry={onTry} />}
      <Summary review={review} viewer={viewer} variant={variant} onShow={onShow} />
      {onLearn && review.complete && (
        <p className="analyse-game">
          {(viewer ? [viewer] : SIDES).map((side) => (
            <button key={side} type="button" className="secondary" onClick={() => onLearn(side)}>
              {viewer ? t('judge.learn.start') : `${t('judge.learn.start')}: ${sideName(t, side, variant)}`}
            </button>
          ))}
        </p>
      )}
      <EvalGraph review={review} variant={variant} shown={shown} onShow={onShow} />
      <p className="muted review-panel__legend">
        {GRADES.map((grade) => (
          <span key={grade} className="review-panel__legend-item">
            <span className={`move-mark move-mark--${grade}`}>{GRADE_SIGN[grade]}</span> {t(`judge.grade.${grade}`)}
          </span>
        ))}
      </p>
      <p className="muted review-panel__source" data-marks={review.source ?? undefined} data-complete={review.complete}>
        {t(`judge.source.${source}`, { depth: REVIEW_DEPTH })}
        {review.complete ? '' : ` ${t('judge.pending')}`}
      </p>
    </section>
  );
}
