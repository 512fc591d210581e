// The analysis board's moves: the main line numbered in pairs (as the record is), each a button, with the variation
// shown set in under the move it replaces; the other moves played from the shown position are listed below it. Marked
// moves say why. The step buttons sit above the board (in its bar, as the table page's review does), in reach on a
// phone.
import { opponent, type Side } from '@fg/rules';
import { Fragment, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { keepShownInView } from '../../components/review/keep-in-view';
import { MarkSign } from '../../components/review/MarkSign';
import { isSecondOfPair, lineMoveNumber, moveNumber } from '../../components/review/move-number';
import { MoveNumber } from '../../components/review/MoveNumber';
import { MoveText } from '../../components/review/MoveText';
import type { Grade } from '../../lib/judgement';
import { sideName } from '../../lib/side-word';
import { mainLine, type MoveTree, shownVariation } from './move-tree';

/** Props of the move list. */
interface AnalysisMovesProps {
  readonly tree: MoveTree;
  readonly firstSide: Side;
  readonly variant: string; // names the fox side: 'Foxes' in two-foxes
  readonly marks: ReadonlyMap<number, Grade>; // by node id (the game's moves are nodes 1..n)
  readonly onShow: (id: number) => void;
}

/** Where a step button goes. */
export type StepTo = 'back' | 'forward' | 'start' | 'end';

/** The step buttons: where each goes, its name and its picture. */
const STEPS = [
  ['start', 'analysis.start', 'M7 6v12M18 6l-8 6 8 6z'],
  ['back', 'review.previous', 'M16 6l-9 6 9 6z'],
  ['forward', 'review.next', 'M8 6l9 6-9 6z'],
  ['end', 'analysis.end', 'M17 6v12M6 6l8 6-8 6z'],
] as const;

/** A step button's picture (drawn: no symbol font needed). */
function StepIcon({ d }: { d: string }) {
  return (
    <svg className="tool-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} fill="currentColor" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** The step buttons: to the start, back, forward, to the end of the line. */
export function AnalysisSteps({ onStep }: { onStep: (where: StepTo) => void }) {
  const { t } = useTranslation();
  return (
    <div className="analysis-moves__steps" role="group" aria-label={t('analysis.moves')}>
      {STEPS.map(([where, label, icon]) => (
        <button key={where} type="button" className="secondary" onClick={() => onStep(where)} aria-label={t(label)}>
          <StepIcon d={icon} />
        </button>
      ))}
    </div>
  );
}

/** One move of a list: a button that shows the position after it, saying its side, number and mark. */
function MoveButton({
  tree,
  id,
  ply,
  side,
  variant,
  mark,
  onShow,
}: {
  readonly tree: MoveTree;
  readonly id: number;
  readonly ply: number;
  readonly side: Side;
  readonly variant: string;
  readonly mark: Grade | undefined;
  readonly onShow: (id: number) => void;
}) {
  const { t } = useTranslation();
  const shown = id === tree.current;
  return (
    <button
      type="button"
      className={`moves__move${shown ? ' moves__move--shown' : ''}${mark ? ` moves__move--${mark}` : ''}`}
      aria-current={shown ? 'step' : undefined}
      data-mark={mark}
      onClick={() => onShow(id)}
    >
      <span className={`seat__icon seat__icon--${side}`} aria-hidden="true" />
      <MoveText move={tree.nodes[id]!.move ?? ''} />
      {mark && <MarkSign grade={mark} />}
      <span className="visually-hidden">
        {`, ${sideName(t, side, variant)}, ${t('moves.number', { n: moveNumber(ply) })}`}
        {mark ? `, ${t(`judge.grade.${mark}`)}` : ''}
      </span>
    </button>
  );
}

/**
 * The main line (the game's moves), with the variation the shown position is on set in under the move it replaces,
 * so the game stays in view and one click goes back to it; then the other moves played from the shown position.
 */
export function AnalysisMoves({ tree, firstSide, variant, marks, onShow }: AnalysisMovesProps) {
  const { t } = useTranslation();
  const main = mainLine(tree);
  const variation = shownVariation(tree);
  const here = tree.nodes[tree.current]!;
  const others = here.children.slice(1); // the shown line goes on along the first child
  const sideAt = (ply: number): Side => (ply % 2 === 0 ? firstSide : opponent(firstSide));
  const list = useRef<HTMLOListElement>(null);
  const { current } = tree;
  // The shown move stays in view inside the list's own scroll (a game opened at its decisive mistake, a jump from the
  // graph), without scrolling the page.
  useEffect(() => keepShownInView(list.current), [current]);
  return (
    <section className="panel moves analysis-moves" aria-labelledby="analysis-moves-heading">
      <h2 id="analysis-moves-heading">{t('analysis.moves')}</h2>
      {main.length === 0 ? (
        <p className="muted">{t('analysis.noMoves')}</p>
      ) : (
        <ol className="moves__list" ref={list}>
          {main.map((id, ply) => (
            <Fragment key={id}>
              <li className={isSecondOfPair(ply) ? 'moves__second' : undefined}>
                {/* A variation set in above breaks the row: the game's line goes on from here ("2… c3-c4"). */}
                <MoveNumber
                  text={lineMoveNumber(variation?.ply === ply - 1 ? ply : 0, ply)}
                  className="moves__number"
                />
                <MoveButton
                  tree={tree}
                  id={id}
                  ply={ply}
                  side={sideAt(ply)}
                  variant={variant}
                  mark={marks.get(id)}
                  onShow={onShow}
                />
              </li>
              {variation?.ply === ply && (
                <li className="analysis-moves__variation" data-variation>
                  <span className="visually-hidden">{t('analysis.variation')}: </span>
                  {variation.nodes.map((node, i) => (
                    <span key={node} className="analysis-moves__variation-move">
                      <MoveNumber text={lineMoveNumber(ply, ply + i)} className="muted" />
                      <MoveButton
                        tree={tree}
                        id={node}
                        ply={ply + i}
                        side={sideAt(ply + i)}
                        variant={variant}
                        mark={undefined}
                        onShow={onShow}
                      />
                    </span>
                  ))}
                </li>
              )}
            </Fragment>
          ))}
        </ol>
      )}
      {others.length > 0 && (
        <p className="analysis-moves__variations">
          <span className="muted">{t('analysis.variations')} </span>
          {others.map((id) => (
            <button key={id} type="button" className="link-button" onClick={() => onShow(id)}>
              <MoveText move={tree.nodes[id]!.move ?? ''} />
            </button>
          ))}
        </p>
      )}
      <p className="muted moves__hint">
        {t('analysis.play')}
        <span className="keyboard-only"> {t('analysis.keys')}</span>
      </p>
    </section>
  );
}
