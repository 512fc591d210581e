import { HTTP_ERROR_CODES, SOCKET_ERROR_CODES } from '@fg/protocol';
import { VARIANT_IDS } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { CHANGE_ROWS } from '../features/variant/VariantPage';
import { LANGUAGES } from './languages';

// Every language file, read eagerly here (the app loads them lazily).
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
const file = (language: string, namespace: string): Record<string, unknown> =>
  files[`./locales/${language}/${namespace}.json`] ?? {};

/** Every key path of a nested object, plural suffixes folded (languages have different plural forms). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return Object.entries(value).flatMap(([key, inner]) => keyPaths(inner, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  const english = [...new Set(keyPaths(file('en', 'common')))].sort();

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every UI string English has, and no other', (language) => {
    expect([...new Set(keyPaths(file(language, 'common')))].sort()).toEqual(english);
  });

  it.each(LANGUAGES)('%s says every error code of the protocol in words', (language) => {
    const errors = file(language, 'common').errors as Record<string, string>;
    // push-off is never shown as an error: Notify me says it in its own words (notify.why).
    const codes = [...new Set([...SOCKET_ERROR_CODES, ...HTTP_ERROR_CODES])].filter((code) => code !== 'push-off');
    expect(codes.filter((code) => !errors[code])).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s fills in the same {{values}} as English', (language) => {
    const values = (text: unknown): string =>
      [...String(text).matchAll(/{{(\w+)}}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    const strings = (object: unknown, prefix = ''): [string, unknown][] =>
      typeof object === 'object' && object !== null && !Array.isArray(object)
        ? Object.entries(object).flatMap(([key, inner]) => strings(inner, prefix ? `${prefix}.${key}` : key))
        : [[prefix, object]];
    const folded = (path: string): string => path.replace(/_(zero|one|two|few|many|other)$/, '');
    const english = new Map(strings(file('en', 'common')).map(([path, text]) => [folded(path), values(text)]));
    // A plural form may leave out {{count}} only where the language uses it for one alone (en, pl, hu: _one is 1).
    const mismatches = strings(file(language, 'common'))
      .filter(([path, text]) => {
        const want = english.get(folded(path)) ?? '';
        const got = values(text);
        const oneAlone = path.endsWith('_one') && language !== 'ru';
        return (
          got !== want &&
          !(
            oneAlone &&
            got ===
              want
                .split(',')
                .filter((v) => v !== 'count')
                .join(',')
          )
        );
      })
      .map(([path]) => path);
    expect(mismatches).toEqual([]);
  });

  // Polish and Russian past forms say the speaker's gender ("odrzuciłeś" is a man's); the site does not know the
  // player's, so it speaks to them impersonally or in the plural ("Odrzucono…", "Вы отклонили").
  it.each([
    ['pl', /(?<!\p{L})\p{L}+(łeś|łaś|łbyś|łabyś)(?!\p{L})/iu],
    ['ru', /(?<!\p{L})(ты|тебя|тебе|тобой|твой|твоя|твоё|твои)(?!\p{L})/iu],
  ] as const)('%s speaks to the player without a gendered past form', (language, gendered) => {
    const texts = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'object' && value !== null
          ? Object.values(value).flatMap(texts)
          : [];
    const all = [...texts(file(language, 'common')), ...texts(file(language, 'variants'))];
    expect(all.filter((text) => gendered.test(text))).toEqual([]);
  });

  it.each(LANGUAGES.flatMap((language) => VARIANT_IDS.map((id) => [language, id] as const)))(
    '%s describes %s fully',
    (language, id) => {
      const texts = file(language, 'variants')[id] as Record<string, unknown> | undefined;
      expect(Object.keys(texts ?? {}).sort()).toEqual(['changes', 'history', 'name', 'rules', 'tagline', 'whatIs']);
      expect(Object.keys((texts?.changes as object) ?? {}).sort()).toEqual([...CHANGE_ROWS].sort());
      for (const list of ['whatIs', 'rules', 'history']) expect((texts?.[list] as string[]).length).toBeGreaterThan(0);
    },
  );
});
