// The evaluation over a game: the engine's score (the fox's side up, squeezed as the analysis bar is), the solution's
// winner of each position as a band along the bottom where solved, and the marked moves as dots. A click goes to the
// position nearest to it; the move list does the same by keyboard.
import { useTranslation } from 'react-i18next';

import type { ReviewedMove } from '../../lib/game-review';
import { sideWord } from '../../lib/side-word';
import type { GameReview } from './use-game-review';

const WIDTH = 300;
const HEIGHT = 80;
const BAND = 5;

/** The fox's share of the height for a score in geese: half at 0 (as the analysis page's bar). */
const foxShare = (geese: number): number => 1 / (1 + Math.exp(-geese / 3));

/** Props of the graph. */
interface EvalGraphProps {
  readonly review: GameReview;
  readonly variant: string; // 'the foxes' side up' in two-foxes
  readonly shown: number | null; // the position shown (moves played), null: none of the game's
  readonly onShow: (ply: number) => void; // show the position after `ply` moves
}

/** The graph of a game's evaluations and marks. */
export function EvalGraph({ review, variant, shown, onShow }: EvalGraphProps) {
  const { t } = useTranslation();
  const positions = review.moves.length + 1;
  const x = (ply: number): number => (positions > 1 ? (ply / (positions - 1)) * WIDTH : 0);
  const y = (geese: number): number => (1 - foxShare(geese)) * (HEIGHT - BAND);
  const points = review.evaluations
    .map((e, ply) => (e ? `${x(ply).toFixed(1)},${y(e.foxScore).toFixed(1)}` : null))
    .filter((p): p is string => p !== null);
  const marked = review.moves.filter((m): m is ReviewedMove & { judgement: { grade: string } } => !!m.judgement.grade);
  const onClick = (event: React.MouseEvent<SVGSVGElement>): void => {
    const box = event.currentTarget.getBoundingClientRect();
    const ply = Math.round(((event.clientX - box.left) / box.width) * (positions - 1));
    onShow(Math.max(0, Math.min(positions - 1, ply)));
  };
  return (
    <svg
      className="eval-graph"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t('judge.graph', { context: sideWord('fox', variant) })}
      onClick={onClick}
    >
      <rect className="eval-graph__geese" x="0" y="0" width={WIDTH} height={HEIGHT - BAND} />
      <line className="eval-graph__middle" x1="0" x2={WIDTH} y1={y(0)} y2={y(0)} />
      {review.outcomes?.plies.map((p, ply) => (
        <rect
          key={ply}
          className={`eval-graph__band eval-graph__band--${p.winner ?? 'draw'}`}
          x={x(ply) - WIDTH / (2 * Math.max(1, positions - 1))}
          y={HEIGHT - BAND}
          width={WIDTH / Math.max(1, positions - 1)}
          height={BAND}
        />
      ))}
      {points.length > 1 && (
        <polygon
          className="eval-graph__fox"
          points={`0,${HEIGHT - BAND} ${points.join(' ')} ${x(review.evaluations.length - 1).toFixed(1)},${HEIGHT - BAND}`}
        />
      )}
      {shown !== null && <line className="eval-graph__shown" x1={x(shown)} x2={x(shown)} y1="0" y2={HEIGHT} />}
      {marked.map((m) => {
        const after = review.evaluations[m.ply + 1];
        const at = after ? y(after.foxScore) : (HEIGHT - BAND) / 2;
        // A short thick stroke: a circle would be stretched with the graph's width.
        return (
          <line
            key={m.ply}
            className={`eval-graph__mark eval-graph__mark--${m.judgement.grade}`}
            x1={x(m.ply + 1)}
            x2={x(m.ply + 1)}
            y1={Math.max(0, at - 4)}
            y2={Math.min(HEIGHT - BAND, at + 4)}
            vectorEffect="non-scaling-stroke"
          />
        );
      })}
    </svg>
  );
}
