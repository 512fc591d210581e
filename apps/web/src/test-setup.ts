// Component tests: English strings loaded at once, and a clean DOM after each test.
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';

import common from './i18n/locales/en/common.json';

if (typeof document !== 'undefined') {
  afterEach(() => cleanup());
  void i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}
