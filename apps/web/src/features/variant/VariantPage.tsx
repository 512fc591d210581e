// A variant's page: what it is, the full rules, changes against the standard game, history, start, create.
import './variant.css';

import { type OptionValue, VARIANT_INFOS } from '@fg/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';

import { AnalysisLink } from '../../components/AnalysisLink';
import { StartPicture } from '../../components/board/StartPicture';
import { CreateTableForm } from '../../components/create-table/CreateTableForm';
import { NotFound } from '../../components/NotFound';
import { SolvedVerdict } from './SolvedVerdict';

/** The rows of the rule-changes table, in docs/product.md order. */
export const CHANGE_ROWS = ['board', 'pieces', 'setup', 'geeseMove', 'capture', 'foxWins', 'geeseWin'] as const;

/** The paragraphs stored under a variants key (an array), or none. */
function useParagraphs(key: string): string[] {
  const { t } = useTranslation('variants');
  const value = t(key, { returnObjects: true, defaultValue: [] }) as unknown;
  return Array.isArray(value) ? value.map(String) : [];
}

/** Paragraphs of text, in order. */
function Paragraphs({ texts }: { texts: readonly string[] }) {
  return texts.map((text, i) => <p key={i}>{text}</p>);
}

/** The route `/variants/:id`. */
export default function VariantPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['common', 'variants']);
  const info = VARIANT_INFOS.find((v) => v.id === id);
  const [options, setOptions] = useState<Record<string, OptionValue>>(info ? { ...info.defaultOptions } : {});
  const name = t(`variants:${id}.name`, { defaultValue: info?.name ?? id });
  const whatIs = useParagraphs(`${id}.whatIs`);
  const rules = useParagraphs(`${id}.rules`);
  const history = useParagraphs(`${id}.history`);

  useEffect(() => {
    document.title = `${name} · ${t('app.name')}`;
  }, [name, t]);

  if (!info) {
    return <NotFound title={t('notFound.variant')} />;
  }
  const standardName = t('variants:standard.name', { defaultValue: 'Fox and Geese' });
  const isStandard = id === 'standard';
  return (
    <article className="page variant">
      <p className="crumbs">
        <Link to="/">{t('app.name')}</Link> / {t('variant.kicker')}
      </p>
      <h1>{name}</h1>
      <p className="lead">{t(`variants:${id}.tagline`, { defaultValue: '' })}</p>
      <div className="variant__top">
        <section aria-labelledby="what-heading" className="variant__what">
          <h2 id="what-heading">{t('variant.whatIs', { name })}</h2>
          <Paragraphs texts={whatIs} />
        </section>
        <figure className="variant__start">
          <StartPicture variant={id} options={options} />
          <figcaption>{t('variant.startCaption')}</figcaption>
        </figure>
      </div>
      <SolvedVerdict variant={info.id} options={options} />
      <section aria-labelledby="create-heading" className="panel variant__create">
        <h2 id="create-heading">{t('variant.play', { name })}</h2>
        <CreateTableForm variant={info.id} onOptions={setOptions} />
        <AnalysisLink variant={id} options={options} />
      </section>
      <section aria-labelledby="rules-heading">
        <h2 id="rules-heading">{t('variant.rules')}</h2>
        <Paragraphs texts={rules} />
      </section>
      <section aria-labelledby="changes-heading">
        <h2 id="changes-heading">{isStandard ? t('variant.glance') : t('variant.changes')}</h2>
        <div className="table-scroll">
          <table className="changes">
            <caption>
              {isStandard
                ? t('variant.glanceCaption', { name })
                : t('variant.changesCaption', { name, standard: standardName })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('variant.rule')}</th>
                <th scope="col">{standardName}</th>
                {!isStandard && <th scope="col">{name}</th>}
              </tr>
            </thead>
            <tbody>
              {CHANGE_ROWS.map((row) => (
                <tr key={row}>
                  <th scope="row">{t(`variant.rows.${row}`)}</th>
                  <td data-label={standardName}>{t(`variants:standard.changes.${row}`, { defaultValue: '' })}</td>
                  {!isStandard && <td data-label={name}>{t(`variants:${id}.changes.${row}`, { defaultValue: '' })}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">{t('variant.history')}</h2>
        <Paragraphs texts={history} />
      </section>
      <nav aria-label={t('variant.others')} className="variant__others">
        <h2>{t('variant.others')}</h2>
        <ul>
          {VARIANT_INFOS.filter((v) => v.id !== id).map((v) => (
            <li key={v.id}>
              <Link to={`/variants/${v.id}`}>{t(`variants:${v.id}.name`, { defaultValue: v.name })}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
