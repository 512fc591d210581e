import { beforeEach, describe, expect, it } from 'vitest';

import { adoptSeatFromFragment, forgetSeat, loadSeat, saveSeat, seatLink } from './seat-store';

const TOKEN = 'V1StGXR8_Z5jdHi6B-myT';

describe('seat store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a seat per table under fg:seat:<id>', () => {
    saveSeat('table00001', { side: 'fox', token: TOKEN });
    expect(localStorage.getItem('fg:seat:table00001')).toBe(JSON.stringify({ side: 'fox', token: TOKEN }));
    expect(loadSeat('table00001')).toEqual({ side: 'fox', token: TOKEN });
    expect(loadSeat('table00002')).toBeNull();
    forgetSeat('table00001');
    expect(loadSeat('table00001')).toBeNull();
  });

  it('adopts a token from the #seat= fragment of a private link', () => {
    const link = seatLink('http://localhost:3000', 'table00001', TOKEN);
    expect(link).toBe(`http://localhost:3000/t/table00001#seat=${TOKEN}`);
    expect(adoptSeatFromFragment('table00001', new URL(link).hash)).toBe(true);
    expect(loadSeat('table00001')).toEqual({ side: null, token: TOKEN });
    expect(adoptSeatFromFragment('table00003', '')).toBe(false);
  });
});
