import { beforeEach, describe, expect, it, vi } from 'vitest';

import { adoptSeatFromFragment, forgetSeat, listSeats, loadSeat, saveSeat, seatLink } from './seat-store';

const TOKEN = 'V1StGXR8_Z5jdHi6B-myT';

describe('seat store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a seat per table under fg:seat:<id>, with when it was first held', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1000);
    saveSeat('table00001', { side: null, token: TOKEN });
    vi.spyOn(Date, 'now').mockReturnValue(2000);
    saveSeat('table00001', { side: 'fox', token: TOKEN }); // confirmed later: the time stays
    vi.restoreAllMocks();
    expect(localStorage.getItem('fg:seat:table00001')).toBe(JSON.stringify({ side: 'fox', token: TOKEN, at: 1000 }));
    expect(loadSeat('table00001')).toEqual({ side: 'fox', token: TOKEN, at: 1000 });
    localStorage.setItem('fg:seat:table00009', JSON.stringify({ side: 'geese', token: TOKEN })); // kept before seats had a time
    localStorage.setItem('fg:muted', 'true');
    expect(listSeats().sort((a, b) => a.tableId.localeCompare(b.tableId))).toEqual([
      { tableId: 'table00001', seat: { side: 'fox', token: TOKEN, at: 1000 } },
      { tableId: 'table00009', seat: { side: 'geese', token: TOKEN } },
    ]);
    expect(loadSeat('table00002')).toBeNull();
    forgetSeat('table00001');
    expect(loadSeat('table00001')).toBeNull();
  });

  it('adopts a token from the #seat= fragment of a private link', () => {
    const link = seatLink('http://localhost:3000', 'table00001', TOKEN);
    expect(link).toBe(`http://localhost:3000/t/table00001#seat=${TOKEN}`);
    expect(adoptSeatFromFragment('table00001', new URL(link).hash)).toBe(true);
    expect(loadSeat('table00001')).toEqual({ side: null, token: TOKEN, at: expect.any(Number) });
    expect(adoptSeatFromFragment('table00003', '')).toBe(false);
  });
});
