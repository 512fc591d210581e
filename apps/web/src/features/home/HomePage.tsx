// Home: the variants as cards with Create table, and how it works in three steps.
import './home.css';

import { VARIANT_INFOS, type VariantId } from '@fg/rules';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { StartPicture } from '../../components/board/StartPicture';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useCreateTable } from '../../lib/use-create-table';
import { LobbyPanel } from './LobbyPanel';
import { PlayComputerPanel } from './PlayComputerPanel';

/** One variant: picture, name, one line, rules link and Create table. */
function VariantCard({ id, name }: { id: VariantId; name: string }) {
  const { t } = useTranslation(['common', 'variants']);
  const { create, busy, error } = useCreateTable();
  const title = t(`variants:${id}.name`, { defaultValue: name });
  return (
    <li className="card">
      <Link to={`/variants/${id}`} className="card__picture" tabIndex={-1} aria-hidden="true">
        <StartPicture variant={id} />
      </Link>
      <h3>
        <Link to={`/variants/${id}`}>{title}</Link>
      </h3>
      <p>{t(`variants:${id}.tagline`, { defaultValue: '' })}</p>
      <div className="card__actions">
        <button type="button" disabled={busy} onClick={() => void create(id)}>
          {t('create.button')}
        </button>
        <Link to={`/variants/${id}`} aria-label={t('home.rulesOf', { name: title })}>
          {t('home.rules')}
        </Link>
      </div>
      <ErrorNotice code={error} />
    </li>
  );
}

/** The home page (its own chunk: the lobby and the computer's panel are not loaded with a table page). */
export default function HomePage() {
  const { t } = useTranslation(['common', 'variants']);
  useEffect(() => {
    document.title = `${t('app.name')} · ${t('home.titleSuffix')}`;
  }, [t]);
  return (
    <div className="page home">
      <section className="hero">
        <h1>{t('home.heading')}</h1>
        <p className="lead">{t('home.lead')}</p>
      </section>
      <PlayComputerPanel />
      <LobbyPanel />
      <section aria-labelledby="variants-heading">
        <h2 id="variants-heading">{t('home.variants')}</h2>
        <ul className="cards">
          {VARIANT_INFOS.map((info) => (
            <VariantCard key={info.id} id={info.id} name={info.name} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="how-heading" className="how">
        <h2 id="how-heading">{t('home.how')}</h2>
        <ol className="steps">
          {(['create', 'send', 'play'] as const).map((step, i) => (
            <li key={step}>
              <span className="steps__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{t(`home.steps.${step}.title`)}</h3>
              <p>{t(`home.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
