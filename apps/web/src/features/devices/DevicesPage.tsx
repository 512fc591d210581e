// `/devices#games=…`: the receiving side of "Use on another device". The link's games and settings are read from the
// fragment (which no server sees), the fragment leaves the address at once, and nothing is taken before the player
// confirms: a link sent by someone else must not slip seats or settings into this browser unasked.
import './devices.css';

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { switchLanguage } from '../../i18n/i18n';
import { isLanguage } from '../../i18n/languages';
import { type DeviceBundle, readDeviceLink, takeBundle, type Taken } from '../../lib/device-link';
import { setTheme } from '../../lib/theme';

/** The bundle in the address when the page opened; the fragment is removed from the address (and its history entry). */
function useCarried(): DeviceBundle | null {
  const [bundle] = useState(() => readDeviceLink(window.location.hash));
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  return bundle;
}

/** Puts the carried theme and language in force now (the other settings are read where they are used). */
function applySettings(settings: DeviceBundle['settings']): void {
  if (settings.theme === 'light' || settings.theme === 'dark') setTheme(settings.theme);
  if (isLanguage(settings.lang)) switchLanguage(settings.lang);
}

/** The page: what the link carries, then Take / Not now; after taking, what was taken. */
export default function DevicesPage() {
  const { t } = useTranslation();
  const bundle = useCarried();
  const [taken, setTaken] = useState<Taken | null>(null);
  useEffect(() => {
    document.title = `${t('devices.heading')} · ${t('app.name')}`;
  }, [t]);
  const settings = bundle ? Object.keys(bundle.settings).length : 0;
  return (
    <div className="page devices-page">
      <h1>{t('devices.heading')}</h1>
      {!bundle || (bundle.seats.length === 0 && settings === 0) ? (
        <section className="panel" data-device-link="empty">
          <p>{t('devices.empty')}</p>
          <p className="muted">{t('devices.howTo')}</p>
          <Link to="/">{t('devices.home')}</Link>
        </section>
      ) : taken ? (
        <section className="panel" data-device-link="taken">
          <p role="status">
            <strong>{t('devices.added', { count: taken.added })}</strong>
            {taken.known > 0 && ` ${t('devices.known', { count: taken.known })}`}
            {taken.kept > 0 && ` ${t('devices.kept', { count: taken.kept })}`}
          </p>
          <Link to="/" className="button">
            {t('devices.open')}
          </Link>
        </section>
      ) : (
        <section className="panel" data-device-link="asking" aria-labelledby="devices-question">
          <p id="devices-question">
            <strong>{t('devices.question', { count: bundle.seats.length })}</strong>
          </p>
          {settings > 0 && <p>{t('devices.settings')}</p>}
          <p className="muted">{t('devices.warning')}</p>
          <div className="devices-page__actions">
            <button
              type="button"
              onClick={() => {
                setTaken(takeBundle(bundle));
                applySettings(bundle.settings);
              }}
            >
              {t('devices.take')}
            </button>
            <Link to="/" className="button secondary">
              {t('devices.notNow')}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
