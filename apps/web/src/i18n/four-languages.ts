// For tests: the four languages at once on an i18next instance of their own (the test setup's is English only).
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import en from './locales/en/common.json';
import hu from './locales/hu/common.json';
import pl from './locales/pl/common.json';
import ru from './locales/ru/common.json';

/** An instance with en, ru, pl and hu loaded, speaking `language`, ready for react-i18next's provider. */
export function fourLanguages(language = 'en'): I18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    initAsync: false,
    lng: language,
    resources: { en: { common: en }, ru: { common: ru }, pl: { common: pl }, hu: { common: hu } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}
