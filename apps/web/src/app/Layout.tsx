// The frame of every page: skip link, header with the Beta mark, the Analysis link, the theme and language switches,
// footer.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';

import { switchLanguage } from '../i18n/i18n';
import { isLanguage, type Language, LANGUAGE_NAMES, LANGUAGES, searchWithLanguage } from '../i18n/languages';
import { setTheme, useTheme } from '../lib/theme';

/** The theme switch, named by what it does: "Dark mode" on a light page, "Light mode" on a dark one. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useTheme();
  // No aria-pressed: a toggle's name must not change with its state, and this name says the action instead.
  return (
    <button
      type="button"
      className="secondary theme-switch"
      data-theme-to={theme === 'dark' ? 'light' : 'dark'}
      onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
    >
      <span aria-hidden="true" className="theme-switch__icon" />
      {theme === 'dark' ? t('app.lightMode') : t('app.darkMode')}
    </button>
  );
}

/** The page frame around a route. */
export function Layout({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [path, navigate] = useLocation();
  // A ?lang= in the address follows the switch; left as it was, a reload would undo the choice.
  const choose = (language: Language): void => {
    switchLanguage(language);
    const search = searchWithLanguage(window.location.search, language);
    // No hash: a seat secret must not come back. The history entry's state stays as it was.
    if (search !== window.location.search) navigate(path + search, { replace: true, state: history.state as unknown });
  };
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <header className="site-header">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true" />
          {t('app.name')}
        </Link>
        <span className="beta">{t('app.beta')}</span>
        <nav className="site-nav" aria-label={t('app.nav')}>
          <Link
            to="/analysis/standard"
            className="site-nav__link"
            aria-current={path.startsWith('/analysis/') ? 'page' : undefined}
          >
            {t('app.analysis')}
          </Link>
          <Link to="/puzzles" className="site-nav__link" aria-current={path === '/puzzles' ? 'page' : undefined}>
            {t('app.puzzles')}
          </Link>
        </nav>
        <ThemeSwitch />
        <label className="language">
          <span className="visually-hidden">{t('app.language')}</span>
          <select
            value={i18n.resolvedLanguage ?? i18n.language}
            onChange={(e) => isLanguage(e.target.value) && choose(e.target.value)}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <span>{t('app.footer')}</span>
        <span>
          {t('app.version', { version: __APP_VERSION__ })} · <code>{__APP_COMMIT__}</code>
        </span>
      </footer>
    </>
  );
}
