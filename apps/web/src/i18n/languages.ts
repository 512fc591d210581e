// The languages of the UI and how the visitor's language is chosen: ?lang=, then remembered, then browser.

/** Every UI language, in switcher order. */
export const LANGUAGES = ['en', 'ru', 'pl', 'hu'] as const;
/** A UI language code. */
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  ru: 'Русский',
  pl: 'Polski',
  hu: 'Magyar',
};

const STORAGE_KEY = 'fg:lang';

/** Whether a string is one of our languages. */
export function isLanguage(code: string | null | undefined): code is Language {
  return !!code && (LANGUAGES as readonly string[]).includes(code);
}

/** The language a URL's `?lang=` asks for, when it is one of ours: '?lang=RU' -> 'ru'. */
export function askedLanguage(search: string): Language | null {
  const asked = new URLSearchParams(search).get('lang')?.toLowerCase();
  return isLanguage(asked) ? asked : null;
}

/** A URL query with its `?lang=` (if there is one) set to `language`, so a reload keeps the switch. */
export function searchWithLanguage(search: string, language: Language): string {
  const params = new URLSearchParams(search);
  if (!params.has('lang')) return search;
  params.set('lang', language);
  return `?${params.toString()}`;
}

/** The language for this visit: `?lang=` (remembered), then the remembered one, then the browser's, then English. */
export function detectLanguage(search: string, stored: string | null, browser: readonly string[]): Language {
  const asked = askedLanguage(search);
  if (asked) return asked;
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** Reads the remembered language; storage may be unavailable (private mode). */
export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Remembers the chosen language. */
export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
}
