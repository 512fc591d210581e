import { describe, expect, it } from 'vitest';

import { askedLanguage, detectLanguage, type Language, searchWithLanguage } from './languages';

describe('detectLanguage', () => {
  it.each([
    ['?lang=ru', null, ['en-US'], 'ru'],
    ['?lang=HU', 'pl', ['en'], 'hu'],
    ['?lang=de', 'pl', ['en'], 'pl'],
    ['', 'pl', ['ru'], 'pl'],
    ['', null, ['de-DE', 'pl-PL'], 'pl'],
    ['', 'xx', ['de'], 'en'],
  ])('search %j, stored %j, browser %j -> %s', (search, stored, browser, expected) => {
    expect(detectLanguage(search, stored, browser)).toBe(expected);
  });
});

describe('askedLanguage', () => {
  it.each([
    ['?lang=ru', 'ru'],
    ['?x=1&lang=PL', 'pl'],
    ['?lang=de', null],
    ['?lang=', null],
    ['', null],
  ])('%j -> %j', (search, expected) => {
    expect(askedLanguage(search)).toBe(expected);
  });
});

describe('searchWithLanguage', () => {
  it.each<[string, Language, string]>([
    ['?lang=ru', 'pl', '?lang=pl'],
    ['?x=1&lang=ru', 'hu', '?x=1&lang=hu'],
    ['?lang=xx', 'en', '?lang=en'],
    ['', 'ru', ''],
    ['?x=1', 'ru', '?x=1'],
  ])('%j switched to %s -> %j', (search, language, expected) => {
    expect(searchWithLanguage(search, language)).toBe(expected);
  });
});
