import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import { timeLeftText } from './time-left';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const at = (ms: number): string => new Date(NOW + ms).toISOString();
const HOUR = 3_600_000;

describe('timeLeftText', () => {
  it.each([
    [3 * 24 * HOUR, '3 days left'],
    [2 * 24 * HOUR - 1, '2 days left'],
    [24 * HOUR + 1, '2 days left'],
    [24 * HOUR, '24 hours left'],
    [5.5 * HOUR, '6 hours left'],
    [HOUR, '60 minutes left'],
    [90_000, '2 minutes left'],
    [-5_000, '1 minute left'],
  ])('%i ms left: %s', (left, text) => {
    expect(timeLeftText(i18next.t, at(left), NOW)).toBe(text);
  });
});
