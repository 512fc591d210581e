// The moves played so far, numbered in pairs as the record is; each is a button that shows the position after it
// (review).
import './review.css';

import type { Side } from '@fg/rules';
import { opponent } from '@fg/rules';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { Grade } from '../../lib/judgement';
import { sideName } from '../../lib/side-word';
import { keepShownInView } from './keep-in-view';
import { MarkSign } from './MarkSign';
import { isSecondOfPair, lineMoveNumber, moveNumber } from './move-number';
import { MoveNumber } from './MoveNumber';
import { MoveText } from './MoveText';

/** Props of the move list. */
export interface MoveListProps {
  readonly moves: readonly string[]; // ['d4-d5', 'c3-c4']
  readonly firstSide: Side;
  readonly variant: string; // names the fox side: 'Foxes' in two-foxes
  readonly shownPly: number | null; // moves shown on the board while reviewing; null: the live game
  readonly onShow: (ply: number) => void; // show the position after `ply` moves
  readonly marks?: ReadonlyMap<number, Grade>; // a finished game's judged moves, by index (lib/judgement.ts)
}

/** The move list; the newest move is in view. */
export function MoveList({ moves, firstSide, variant, shownPly, onShow, marks }: MoveListProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  // The list scrolls within its own height: bring each new move into view, or while reviewing the shown one (a
  // finished game opened at its decisive mistake, a jump from the review).
  useEffect(() => {
    if (list.current && shownPly === null) list.current.scrollTop = list.current.scrollHeight;
    else keepShownInView(list.current);
  }, [moves.length, shownPly]);
  return (
    <section className="panel moves" aria-labelledby="moves-heading">
      <h2 id="moves-heading">{t('moves.heading')}</h2>
      {moves.length === 0 ? (
        <p className="muted">{t('moves.none')}</p>
      ) : (
        <ol className="moves__list" ref={list}>
          {moves.map((move, i) => {
            const side = i % 2 === 0 ? firstSide : opponent(firstSide);
            const shown = shownPly === i + 1;
            const last = shownPly === null && i === moves.length - 1; // the live game's newest move, as on the board
            const mark = marks?.get(i);
            return (
              <li key={i} className={isSecondOfPair(i) ? 'moves__second' : undefined}>
                <MoveNumber text={lineMoveNumber(0, i)} className="moves__number" />
                <button
                  type="button"
                  className={`moves__move${shown ? ' moves__move--shown' : ''}${last ? ' moves__move--last' : ''}${mark ? ` moves__move--${mark}` : ''}`}
                  aria-current={shown ? 'step' : undefined}
                  data-mark={mark}
                  data-decisive={mark === 'decisive' ? 'true' : undefined}
                  title={mark ? t(`judge.grade.${mark}`) : undefined}
                  onClick={() => onShow(i + 1)}
                >
                  <span className={`seat__icon seat__icon--${side}`} aria-hidden="true" />
                  {/* The accessible name starts with the move text (docs/product.md hook). */}
                  <MoveText move={move} />
                  {mark && <MarkSign grade={mark} />}
                  <span className="visually-hidden">
                    {`, ${sideName(t, side, variant)}, ${t('moves.number', { n: moveNumber(i) })}${mark ? `, ${t(`judge.grade.${mark}`)}` : ''}`}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <p className="muted moves__hint">
        <span className="keyboard-only">{t('review.hint')}</span>
        <span className="touch-only">{t('review.hintTouch')}</span>
      </p>
    </section>
  );
}
