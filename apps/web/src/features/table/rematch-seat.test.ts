import { afterEach, describe, expect, it } from 'vitest';

import { notifyIsOn, rememberNotifyOn } from '../../lib/push-subscribe';
import { loadSeat } from '../../lib/seat-store';
import { keepRematchSeat } from './rematch-seat';

const SEAT = { side: 'geese', token: 'abcdefghijklmnopqrstuvwx' } as const;

describe('keepRematchSeat', () => {
  afterEach(() => localStorage.clear());

  it.each([
    ['notifications on: they stay on', true, true],
    ['notifications off: they stay off', false, false],
  ])('keeps the new seat; %s', (_name, on, after) => {
    if (on) rememberNotifyOn('oldtable0001');
    keepRematchSeat('oldtable0001', { type: 'rematch', table: 'newtable0001', seat: SEAT });
    expect(loadSeat('newtable0001')).toMatchObject(SEAT);
    expect(notifyIsOn('newtable0001')).toBe(after);
  });

  it('keeps nothing for a spectator', () => {
    rememberNotifyOn('oldtable0001');
    keepRematchSeat('oldtable0001', { type: 'rematch', table: 'newtable0001' });
    expect(loadSeat('newtable0001')).toBeNull();
    expect(notifyIsOn('newtable0001')).toBe(false);
  });
});
