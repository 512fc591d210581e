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
