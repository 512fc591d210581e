// Links to the analysis board and the explorer from the variant's start with the options chosen (the variant page).
import { getVariant } from '@fg/rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { analysisPath } from '../lib/analysis-url';
import { explorerPath } from '../lib/explorer-api';

/** "Analysis board" and "Explorer" for a variant and options. */
export function AnalysisLink({ variant, options }: { variant: string; options: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const resolved = getVariant(variant, options);
  if (!resolved.ok) return null;
  return (
    <p className="analysis-link">
      <Link to={analysisPath(resolved.value)}>{t('analysis.board')}</Link>
      {' · '}
      <Link to={explorerPath(resolved.value, null)}>{t('explorer.link')}</Link>
    </p>
  );
}
