// The engine's evaluation (a bar and a number, from the fox's side; "wins in N" once proven), its
// best line, and the perfect-play verdict with the moves that keep the win where a solution is installed.
import { type Game, opponent } from '@fg/rules';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { lineMoveNumber } from '../../components/review/move-number';
import { MoveGroups } from '../../components/review/MoveGroups';
import { DECIDED_GEESE, type Evaluation } from '../../engine/protocol';
import { sideWord } from '../../lib/side-word';
import type { Verdict } from '../../lib/solution-api';
import type { EngineLine } from './use-engine-line';

/** The fox's share of the bar for an evaluation in geese: half at 0, nine tenths at +6.6. */
const foxShare = (geese: number): number => 1 / (1 + Math.exp(-geese / 3));

/** The number as shown: +0.35, -1.20, 0.00. */
const signed = (geese: number): string => (geese > 0 ? '+' : '') + geese.toFixed(2);

/** One line's worth in words: "+0.35 geese" (its unit said), or "The fox wins in 3 moves" once proven. */
function worth(t: TFunction, line: Evaluation, variant: string): string {
  if (Math.abs(line.foxScore) >= DECIDED_GEESE && line.winner)
    return t(`analysis.winsIn.${sideWord(line.winner, variant)}`, { count: line.winsIn ?? 0 });
  return t('analysis.geese', { score: signed(line.foxScore) });
}

/** A move with its number, if any, never broken between the two when the row wraps. */
function MoveStep({ number, children }: { number: string | null; children: ReactNode }) {
  if (number === null) return children;
  return (
    <span className="eval__step">
      <span className="eval__number">{`${number}\u00a0`}</span>
      {children}
    </span>
  );
}

/**
 * Moves in a row, each kept whole when the row wraps; with `firstPly` (a line played on from the shown position)
 * numbered in pairs as the move list is; with `onPlay`, each is a button that plays it.
 */
function MoveRow({
  moves,
  firstPly,
  onPlay,
}: {
  moves: readonly string[];
  firstPly?: number;
  onPlay?: ((move: string) => void) | undefined;
}) {
  return (
    <code>
      {moves.map((move, i) => (
        <Fragment key={`${i}-${move}`}>
          {i > 0 && ' '}
          <MoveStep number={firstPly === undefined ? null : lineMoveNumber(firstPly, firstPly + i)}>
            {onPlay ? (
              <button type="button" className="link-button eval__move" onClick={() => onPlay(move)}>
                {move}
              </button>
            ) : (
              <span className="eval__move">{move}</span>
            )}
          </MoveStep>
        </Fragment>
      ))}
    </code>
  );
}

/** The engine's line and the solution's verdict for the shown position; a move that keeps the win plays on click. */
export function EvalPanel({
  game,
  line,
  verdict,
  onPlay,
}: {
  game: Game;
  line: EngineLine;
  verdict: Verdict | null;
  onPlay?: (move: string) => void;
}) {
  const { t } = useTranslation();
  const { answer } = line;
  const decided = answer && Math.abs(answer.foxScore) >= DECIDED_GEESE;
  const share = answer ? foxShare(answer.foxScore) : 0.5;
  return (
    <section className="panel eval" aria-labelledby="eval-heading">
      <h2 id="eval-heading">{t('analysis.engine')}</h2>
      <div className="eval__bar" aria-hidden="true">
        <span className="eval__fox" style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </div>
      {answer ? (
        <p className="eval__score" data-eval={answer.foxScore} data-depth={answer.depth}>
          <strong>{game.result ? t('analysis.over') : worth(t, answer, game.variant.id)}</strong>{' '}
          <span className="muted">
            {decided ? '' : t('analysis.foxView', { context: sideWord('fox', game.variant.id) })}{' '}
            {game.result ? '' : t('analysis.depth', { depth: answer.depth })}
            {line.thinking ? ` · ${t('analysis.thinking')}` : ''}
          </span>
        </p>
      ) : (
        <p className="eval__score muted">{game.result ? t('analysis.over') : t('analysis.thinking')}</p>
      )}
      {answer && answer.line.length > 0 && (
        <>
          <h3 className="eval__lines-heading muted">{t('analysis.bestLines')}</h3>
          <ol className="eval__lines">
            {[answer, ...(answer.others ?? [])].map((l) => (
              <li key={l.line[0]} className="eval__line" data-engine-line={l.foxScore}>
                <span className="eval__line-score">{worth(t, l, game.variant.id)}</span>{' '}
                <MoveRow moves={l.line} firstPly={game.moves.length} />
              </li>
            ))}
          </ol>
        </>
      )}
      {verdict && (
        <div className="eval__verdict" data-verdict={verdict.winner ?? 'draw'}>
          <p>
            <strong>{t(`analysis.verdict.${verdict.winner ?? 'draw'}`)}</strong>
          </p>
          {verdict.exact === false && <p className="muted">{t('analysis.notExact')}</p>}
          {verdict.keep.length > 0 ? (
            <p className="eval__keep">
              <span className="muted">{t(verdict.winner === null ? 'analysis.keepDraw' : 'analysis.keep')} </span>
              <MoveGroups moves={verdict.keep} onPlay={onPlay} />
            </p>
          ) : (
            verdict.winner !== null &&
            verdict.winner !== game.position.turn && (
              <p data-lost-here={game.position.turn}>{t(`analysis.lostHere.${opponent(verdict.winner)}`)}</p>
            )
          )}
        </div>
      )}
    </section>
  );
}
