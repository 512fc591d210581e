import { describe, expect, it } from 'vitest';

import { deviceLink, readDeviceLink } from './device-link';

const seat = (tableId: string, side: 'fox' | 'geese' | null, token: string, at?: number) => ({
  tableId,
  seat: { side, token, ...(at ? { at } : {}) },
});

describe('device link', () => {
  it('carries seats and settings through the fragment and back', () => {
    const bundle = {
      seats: [seat('V1StGXR8_Z', 'fox', 'A'.repeat(21), 1_764_000_000_000), seat('Xy-12345678', null, 'b_'.repeat(11))],
      settings: { lang: 'ru', theme: 'dark' },
    };
    const link = deviceLink('https://fg.example', bundle);
    expect(link).toBe(
      `https://fg.example/devices#games=V1StGXR8_Z.f.${'A'.repeat(21)}.${(1_764_000_000_000).toString(36)}~Xy-12345678.-.${'b_'.repeat(11)}.0&settings=lang.ru~theme.dark`,
    );
    expect(readDeviceLink(new URL(link).hash)).toEqual(bundle);
  });

  it.each([
    ['no games part', '#seat=abc', null],
    [
      'a bad table id, a bad side, a short token: left out',
      '#games=x.f.' + 'A'.repeat(21) + '.0~V1StGXR8_Z.q.' + 'A'.repeat(21) + '.0~V1StGXR8_Z.g.short.0',
      { seats: [], settings: {} },
    ],
    [
      'unknown or odd settings: left out',
      '#games=&settings=lang.ru~evil.x~theme.<b>',
      { seats: [], settings: { lang: 'ru' } },
    ],
  ])('%s', (_, hash, bundle) => {
    expect(readDeviceLink(hash)).toEqual(bundle);
  });
});
