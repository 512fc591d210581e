// "Learn from your mistakes": each of the player's marked moves in turn, the position before it on the board, "find a
// better move", the try checked by the rule that marked the move, a hint after a wrong try and the answer after two.
import { useTranslation } from 'react-i18next';

import { hintPoint } from '../../lib/learn';
import { sideName } from '../../lib/side-word';
import { MarkSign } from './MarkSign';
import { MoveGroups } from './MoveGroups';
import type { Learn } from './use-learn';

/** Props of the panel. */
export interface LearnPanelProps {
  readonly learn: Learn;
  readonly side: 'fox' | 'geese';
  readonly variant: string; // names the fox side: 'Foxes' in two-foxes
  readonly complete: boolean; // the review has judged every move (the walk waits for it)
  readonly onAnswer: (ply: number, move: string) => void; // show a better move on the board
  readonly onClose: () => void;
}

/** The exercise shown, or the end of the walk. */
export function LearnPanel({ learn, side, variant, complete, onAnswer, onClose }: LearnPanelProps) {
  const { t } = useTranslation();
  const { marked, index, status, tried } = learn;
  const exercise = marked[index];
  const said = (key: string, values: Record<string, unknown> = {}) => t(`judge.learn.${key}`, values);
  return (
    <section className="panel learn-panel" aria-labelledby="learn-heading" data-learn={status}>
      <h2 id="learn-heading">{said('heading')}</h2>
      {!complete ? (
        <p role="status">{t('judge.pending')}</p>
      ) : !exercise ? (
        <p role="status">{marked.length ? said('done') : said('none')}</p>
      ) : (
        <>
          <p className="muted">{said('progress', { n: index + 1, count: marked.length })}</p>
          <p>
            <MarkSign grade={exercise.judgement.grade!} />{' '}
            {said('find', { move: exercise.move, side: sideName(t, side, variant) })}
          </p>
          <p role="status" className={`learn-panel__status learn-panel__status--${status}`}>
            {status === 'checking' && said('checking', { move: tried })}
            {(status === 'wrong' || status === 'same') && (
              <>
                {said('wrong', { move: tried })}{' '}
                {hintPoint(exercise.better) && said('hint', { point: hintPoint(exercise.better) })}
              </>
            )}
            {status === 'right' && said('right', { move: tried })}
            {status === 'answer' && (
              <>
                {tried && `${said('wrong', { move: tried })} `}
                {said('answer')}
              </>
            )}
          </p>
          {status === 'answer' && exercise.better.length > 0 && (
            <p className="learn-panel__answer">
              <MoveGroups moves={exercise.better} onPlay={(move) => onAnswer(exercise.ply, move)} />
            </p>
          )}
          <p className="learn-panel__actions">
            {status !== 'right' && status !== 'answer' && (
              <button type="button" className="secondary" onClick={learn.reveal}>
                {said('showAnswer')}
              </button>
            )}
            <button type="button" onClick={learn.next}>
              {status === 'right' || status === 'answer' ? said('next') : said('skip')}
            </button>
          </p>
        </>
      )}
      <p>
        <button type="button" className="link-button" onClick={onClose}>
          {said('close')}
        </button>
      </p>
    </section>
  );
}
