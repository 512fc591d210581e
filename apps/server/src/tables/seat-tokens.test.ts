import { describe, expect, it } from 'vitest';

import { hashToken, newTableId, newToken, rematchToken, tokenMatches } from './seat-tokens.js';

describe('seat tokens', () => {
  it('are long URL-safe secrets, and table ids are 12 characters', () => {
    expect(newToken()).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(newTableId()).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(newToken()).not.toBe(newToken());
  });

  it.each([
    ['the token itself', (t: string) => t, true],
    ['another token', () => newToken(), false],
    ['a prefix', (t: string) => t.slice(0, 10), false],
    ['an empty string', () => '', false],
  ])('match their hash only with %s', (_name, given, expected) => {
    const token = newToken();
    expect(tokenMatches(given(token), hashToken(token))).toBe(expected);
  });

  it('match no free seat', () => {
    expect(tokenMatches(newToken(), null)).toBe(false);
  });

  it('derive a rematch token per table, the same each time', () => {
    const token = newToken();
    expect(rematchToken(token, 'aaaaaaaaaaaa')).toBe(rematchToken(token, 'aaaaaaaaaaaa'));
    expect(rematchToken(token, 'aaaaaaaaaaaa')).not.toBe(rematchToken(token, 'bbbbbbbbbbbb'));
    expect(rematchToken(token, 'aaaaaaaaaaaa')).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
