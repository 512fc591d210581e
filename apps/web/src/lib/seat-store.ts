// The seat token of each table, kept in the browser so a reload keeps the seat.
import type { Side } from '@fg/rules';

/** A stored seat: the side (null until the server confirms it) and its secret token. */
export interface StoredSeat {
  readonly side: Side | null; // 'fox'
  readonly token: string; // 'V1StGXR8_Z5jdHi6B-myT'
}

/** The storage key of a table's seat (other tabs watch it to take the seat too). */
export const seatKey = (tableId: string): string => `fg:seat:${tableId}`;
const key = seatKey;

/** The seat stored for a table, if any. */
export function loadSeat(tableId: string): StoredSeat | null {
  try {
    const raw = localStorage.getItem(key(tableId));
    if (!raw) return null;
    const seat = JSON.parse(raw) as Partial<StoredSeat>;
    return typeof seat.token === 'string' ? { side: seat.side ?? null, token: seat.token } : null;
  } catch {
    return null;
  }
}

/** Stores the seat of a table. */
export function saveSeat(tableId: string, seat: StoredSeat): void {
  try {
    localStorage.setItem(key(tableId), JSON.stringify(seat));
  } catch {
    // Storage refused: the seat lasts for this page only.
  }
}

/** Forgets the seat of a table (its token was refused). */
export function forgetSeat(tableId: string): void {
  try {
    localStorage.removeItem(key(tableId));
  } catch {
    // Nothing stored.
  }
}

/** Takes a seat token from a `#seat=<token>` fragment: stores it and reports whether there was one. */
export function adoptSeatFromFragment(tableId: string, hash: string): boolean {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('seat');
  if (!token) return false;
  saveSeat(tableId, { side: null, token });
  return true;
}

/** The private link that carries a seat to another device. */
export function seatLink(origin: string, tableId: string, token: string): string {
  return `${origin}/t/${tableId}#seat=${encodeURIComponent(token)}`;
}
