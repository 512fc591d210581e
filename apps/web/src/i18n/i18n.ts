// i18next set up with translations loaded lazily, one chunk per language and namespace.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { keepChosenLanguage } from '../sw/chosen-language';
import {
  askedLanguage,
  detectLanguage,
  isLanguage,
  type Language,
  rememberLanguage,
  storedLanguage,
} from './languages';

// Lazy globs: each JSON file becomes its own chunk, fetched only when its language is used.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/** An i18next backend that imports `locales/<lng>/<ns>.json` on demand. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

/** Starts i18next in the detected language; resolves once its strings are loaded. */
export function startI18n(): Promise<unknown> {
  const language = detectLanguage(location.search, storedLanguage(), navigator.languages ?? [navigator.language]);
  if (askedLanguage(location.search)) rememberLanguage(language); // a bad ?lang= leaves the remembered choice alone
  document.documentElement.lang = language;
  void keepChosenLanguage(globalThis.caches, language); // for the notifications the service worker shows
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    void keepChosenLanguage(globalThis.caches, lng);
  });
  return i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: ['en', 'ru', 'pl', 'hu'],
      ns: ['common', 'variants'],
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes already
      react: { useSuspense: true },
    });
}

/** Switches the UI language and remembers it. */
export function switchLanguage(language: Language): void {
  if (!isLanguage(language)) return;
  rememberLanguage(language);
  // Load first, then switch: the page never falls back to a spinner while strings arrive.
  void i18next.loadLanguages(language).then(() => i18next.changeLanguage(language));
}
