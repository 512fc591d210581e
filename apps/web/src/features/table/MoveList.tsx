// The moves played so far, numbered, with the side that played each.
import type { Side } from '@fg/rules';
import { opponent } from '@fg/rules';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of the move list. */
export interface MoveListProps {
  readonly moves: readonly string[]; // ['d4-d5', 'c3-c4']
  readonly firstSide: Side;
}

/** The move list; the newest move is in view. */
export function MoveList({ moves, firstSide }: MoveListProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  // The list scrolls within its own height: bring each new move into view.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [moves.length]);
  return (
    <section className="panel moves" aria-labelledby="moves-heading">
      <h2 id="moves-heading">{t('moves.heading')}</h2>
      {moves.length === 0 ? (
        <p className="muted">{t('moves.none')}</p>
      ) : (
        <ol className="moves__list" ref={list}>
          {moves.map((move, i) => {
            const side = i % 2 === 0 ? firstSide : opponent(firstSide);
            return (
              <li key={i}>
                <span className={`seat__icon seat__icon--${side}`} aria-hidden="true" />
                <span className="visually-hidden">{t(`side.${side}`)}: </span>
                <code>{move}</code>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
