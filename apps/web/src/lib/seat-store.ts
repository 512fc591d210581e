// The seat token of each table, kept in the browser so a reload keeps the seat.
import type { Side } from '@fg/rules';

/** A stored seat: the side (null until the server confirms it) and its secret token. */
export interface StoredSeat {
  readonly side: Side | null; // 'fox'
  readonly token: string; // 'V1StGXR8_Z5jdHi6B-myT'
  readonly at?: number; // ms when this browser first held the seat (older seats have none)
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
    if (typeof seat.token !== 'string') return null;
    const at = typeof seat.at === 'number' ? { at: seat.at } : {};
    return { side: seat.side ?? null, token: seat.token, ...at };
  } catch {
    return null;
  }
}

/** Stores the seat of a table; with when this browser first held it (kept when the same seat is saved again). */
export function saveSeat(tableId: string, seat: StoredSeat): void {
  try {
    const before = loadSeat(tableId);
    // Kept when the same seat is saved again; a seat carried from another device keeps its own time.
    const at = before?.token === seat.token && before.at !== undefined ? before.at : (seat.at ?? Date.now());
    localStorage.setItem(key(tableId), JSON.stringify({ side: seat.side, token: seat.token, at }));
  } catch {
    // Storage refused: the seat lasts for this page only.
  }
}

/** Every seat this browser keeps, for My games (the table ids are the keys' tails). */
export function listSeats(): { tableId: string; seat: StoredSeat }[] {
  const seats: { tableId: string; seat: StoredSeat }[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const name = localStorage.key(i);
      if (!name?.startsWith(seatKey(''))) continue;
      const tableId = name.slice(seatKey('').length);
      const seat = loadSeat(tableId);
      if (seat) seats.push({ tableId, seat });
    }
  } catch {
    // Storage refused: no games known.
  }
  return seats;
}

/** Forgets the seat of a table (its token was refused, or a game this device forgets). */
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
