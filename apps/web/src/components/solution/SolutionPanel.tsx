// "Download the solution (N MB)": the compact 13-geese table kept in this browser, so the analysis board, the review
// and the computer (level 9) answer with perfect play offline. Its size, a progress bar while it downloads, a
// Delete button once stored. Shown on the analysis page and after a game; nothing where the server offers no table
// and none is stored.
import './solution.css';

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { DownloadProblem } from '../../lib/solution/download';
import { forgetSolution, useStoredSolution } from '../../lib/solution/stored';
import { fetchSolutionOffer, type SolutionOffer } from '../../lib/solution-api';

/** A file's size as the page's language writes it: 41.2 MB, 41,2 МБ; below a megabyte in kilobytes. */
function fileSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1e6 ? [bytes / 1e6, 'megabyte'] : [Math.max(bytes, 1) / 1e3, 'kilobyte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

type Step =
  | { readonly kind: 'idle' }
  | { readonly kind: 'downloading'; readonly received: number; readonly total: number }
  | { readonly kind: 'failed'; readonly problem: DownloadProblem };

/** The panel; `after` words it for the end of a game (a shorter lead). */
export function SolutionPanel({ after = false }: { after?: boolean }) {
  const { t, i18n } = useTranslation();
  const stored = useStoredSolution();
  const [offer, setOffer] = useState<SolutionOffer | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => {
    let live = true;
    void fetchSolutionOffer().then((o) => live && setOffer(o));
    return () => {
      live = false;
      abort.current?.abort();
    };
  }, []);
  if (stored === undefined || (!stored && !offer)) return null;
  const size = (bytes: number): string => fileSize(bytes, i18n.language);

  const download = async (): Promise<void> => {
    if (!offer) return;
    const controller = new AbortController();
    abort.current = controller;
    setStep({ kind: 'downloading', received: 0, total: offer.bytes });
    try {
      const { downloadSolution } = await import('../../lib/solution/download');
      await downloadSolution(
        offer,
        (received, total) => setStep({ kind: 'downloading', received, total }),
        controller.signal,
      );
      setStep({ kind: 'idle' });
    } catch (error) {
      const problem = (error as { problem?: DownloadProblem }).problem ?? 'network';
      setStep(problem === 'stopped' ? { kind: 'idle' } : { kind: 'failed', problem });
    } finally {
      abort.current = null;
    }
  };

  return (
    <section
      className="panel solution-panel"
      aria-labelledby="solution-heading"
      data-solution={stored ? 'stored' : 'offered'}
    >
      <h2 id="solution-heading">{t('solution.heading')}</h2>
      {stored ? (
        <>
          <p>{t('solution.stored', { size: size(stored.bytes), geese: stored.geese })}</p>
          <p className="muted">{t('solution.storedLead')}</p>
          <button type="button" className="secondary" onClick={() => void forgetSolution()}>
            {t('solution.delete')}
          </button>
        </>
      ) : step.kind === 'downloading' ? (
        <>
          <progress
            className="solution-panel__progress"
            max={step.total}
            value={step.received}
            aria-label={t('solution.downloading')}
          />
          <p className="muted" role="status">
            {t('solution.progress', { received: size(step.received), total: size(step.total) })}
          </p>
          <button type="button" className="secondary" onClick={() => abort.current?.abort()}>
            {t('solution.stop')}
          </button>
        </>
      ) : (
        <>
          <p className="muted">{t(after ? 'solution.leadAfter' : 'solution.lead')}</p>
          <button type="button" onClick={() => void download()}>
            {t('solution.download', { size: size(offer!.bytes) })}
          </button>
          {step.kind === 'failed' && (
            <p className="notice notice--error" role="alert">
              {t(`solution.error.${step.problem}`)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
