import { describe, expect, it } from 'vitest';
import { detectLanguage } from './languages';

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
