// Home: "Play with a friend" first (offline: what still works, in its place) (one compact form), then My games, the tables this browser holds a
// seat in, "Play with the computer" as a smaller entry, the lobby, the variants as cards (a card's Create table
// sets the form to that game and brings it into view; it creates nothing by itself), and how it works in three steps.
import './home.css';

import { VARIANT_INFOS, type VariantId } from '@fg/rules';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { StartPicture } from '../../components/board/StartPicture';
import { CreateTableForm } from '../../components/create-table/CreateTableForm';
import { useOnline } from '../../lib/use-online';
import { DailyPuzzlePanel } from './DailyPuzzlePanel';
import { LobbyPanel } from './LobbyPanel';
import { MyGamesPanel } from './MyGamesPanel';
import { OfflineHome } from './OfflineHome';
import { PlayComputerPanel } from './PlayComputerPanel';

/** One variant: picture, name, one line, rules link and Create table (which opens the friend form for it). */
function VariantCard({
  id,
  name,
  onCreate,
}: {
  id: VariantId;
  name: string;
  onCreate: ((id: VariantId) => void) | null; // null offline: no table can be created
}) {
  const { t } = useTranslation(['common', 'variants']);
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
        {onCreate && (
          <button type="button" onClick={() => onCreate(id)}>
            {t('create.button')}
          </button>
        )}
        <Link to={`/variants/${id}`} aria-label={t('home.rulesOf', { name: title })}>
          {t('home.rules')}
        </Link>
      </div>
    </li>
  );
}

/** The home page (its own chunk: the lobby and the computer's panel are not loaded with a table page). */
export default function HomePage() {
  const { t } = useTranslation(['common', 'variants']);
  useEffect(() => {
    document.title = `${t('app.name')} · ${t('home.titleSuffix')}`;
  }, [t]);
  const formId = useId();
  const online = useOnline(); // offline, what needs the server is hidden and the page says what still works
  const [variant, setVariant] = useState<VariantId>('standard');
  // A card's Create table: the form takes that game, comes into view, and the game's field takes the focus.
  const openForm = (id: VariantId): void => {
    setVariant(id);
    const field = document.getElementById(`${formId}-game`);
    field?.closest('section')?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    field?.focus({ preventScroll: true });
  };
  return (
    <div className="page home">
      <section className="hero">
        <h1>{t('home.heading')}</h1>
        <p className="lead">{t('home.lead')}</p>
      </section>
      {online ? (
        <section aria-labelledby={`${formId}-heading`} className="panel play-friend">
          <h2 id={`${formId}-heading`}>{t('home.friend')}</h2>
          <CreateTableForm variant={variant} onVariant={setVariant} computer={false} gameLabelId={`${formId}-game`} />
        </section>
      ) : (
        <OfflineHome />
      )}
      <MyGamesPanel />
      <PlayComputerPanel />
      {online && <DailyPuzzlePanel />}
      {online && <LobbyPanel />}
      <section aria-labelledby="variants-heading">
        <h2 id="variants-heading">{t('home.variants')}</h2>
        <ul className="cards">
          {VARIANT_INFOS.map((info) => (
            <VariantCard key={info.id} id={info.id} name={info.name} onCreate={online ? openForm : null} />
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
