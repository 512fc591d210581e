// Where the variant and options are solved, the verdict of the start with perfect play and the first moves
// that win (GET /api/solution of the start position), each a link into the analysis board after it; nothing where
// they are not.
import { getVariant, makePosition, type OptionValue, startPosition, type Variant } from '@fg/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { analysisPath } from '../../lib/analysis-url';
import { fetchVerdict, type Verdict } from '../../lib/solution-api';

/** "Solved: the fox wins with perfect play", with the winning first moves (or a draw, with the first moves that keep it). */
export function SolvedVerdict({ variant, options }: { variant: string; options: Record<string, OptionValue> }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<{ key: string; verdict: Verdict | null; rules: Variant } | null>(null);
  const key = `${variant}:${JSON.stringify(options)}`;
  useEffect(() => {
    const resolved = getVariant(variant, options);
    if (!resolved.ok) return;
    let live = true;
    const start = makePosition(resolved.value.board, startPosition(resolved.value));
    void fetchVerdict(resolved.value, start).then(
      (verdict) => live && setAnswer({ key, verdict, rules: resolved.value }),
    );
    return () => {
      live = false;
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key names the variant and options
  const verdict = answer?.key === key ? answer.verdict : null;
  if (!answer || !verdict) return null;
  return (
    <section className="panel variant__solved" data-solved={verdict.winner ?? 'draw'} aria-labelledby="solved-heading">
      <h2 id="solved-heading">{t(`variant.solved.${verdict.winner ?? 'draw'}`)}</h2>
      {verdict.keep.length > 0 ? (
        <p>
          {t(verdict.winner === null ? 'variant.solved.drawMoves' : 'variant.solved.firstMoves', {
            count: verdict.keep.length,
          })}{' '}
          {verdict.keep.map((move, i) => (
            <span key={move}>
              {i > 0 && ', '}
              <Link to={analysisPath(answer.rules, { moves: [move] })} data-first-move={move}>
                <code>{move}</code>
              </Link>
            </span>
          ))}
        </p>
      ) : (
        <p>{t('variant.solved.noFirstMove')}</p>
      )}
    </section>
  );
}
