// "Use on another device": one link that carries every seat this browser holds, and its settings, to another
// browser, on the model of a table's private link: all of it in the URL's fragment, which browsers never send to the
// server, so no token reaches a server's log. Compact, so that its QR code stays readable:
//   /devices#games=<id>.<f|g|->.<token>.<at base 36>~...&settings=<name>.<value>~...
import type { Side } from '@fg/rules';

import { listSeats, loadSeat, saveSeat, type StoredSeat } from './seat-store';

/** One carried seat. */
interface CarriedSeat {
  readonly tableId: string;
  readonly seat: StoredSeat;
}

/** What a device link carries. */
export interface DeviceBundle {
  readonly seats: readonly CarriedSeat[];
  readonly settings: Readonly<Record<string, string>>; // setting name -> stored value
}

/** The browser settings a device link carries, by their storage keys' names (`fg:<name>`). */
const SETTINGS = ['lang', 'theme', 'muted', 'confirm-moves', 'chat-muted'] as const;
/** What a setting's value may be: a word such as `ru`, `dark` or `true`. */
const SETTING_VALUE = /^[a-z]{1,8}$/;
const TABLE_ID = /^[A-Za-z0-9_-]{10,64}$/;
const TOKEN = /^[A-Za-z0-9_-]{21,128}$/;
const SIDE_LETTER: Readonly<Record<string, Side | null>> = { f: 'fox', g: 'geese', '-': null };

/** This browser's seats and settings. */
export function thisBrowser(): DeviceBundle {
  const settings: Record<string, string> = {};
  try {
    for (const name of SETTINGS) {
      const value = localStorage.getItem(`fg:${name}`);
      if (value !== null && SETTING_VALUE.test(value)) settings[name] = value;
    }
  } catch {
    // Storage refused: no settings to carry.
  }
  return { seats: listSeats(), settings };
}

/** The link that carries a bundle to another browser. */
export function deviceLink(origin: string, bundle: DeviceBundle): string {
  const games = bundle.seats
    .map(({ tableId, seat }) => {
      const side = seat.side === 'fox' ? 'f' : seat.side === 'geese' ? 'g' : '-';
      return [tableId, side, seat.token, (seat.at ?? 0).toString(36)].join('.');
    })
    .join('~');
  const settings = Object.entries(bundle.settings)
    .map(([name, value]) => `${name}.${value}`)
    .join('~');
  return `${origin}/devices#games=${games}&settings=${settings}`;
}

/** The bundle a link's fragment carries, or null when it carries none (or nothing that reads). Bad parts are left out. */
export function readDeviceLink(hash: string): DeviceBundle | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('games')) return null;
  const seats: CarriedSeat[] = [];
  for (const part of (params.get('games') ?? '').split('~')) {
    const [tableId = '', letter = '', token = '', at = ''] = part.split('.');
    if (!TABLE_ID.test(tableId) || !TOKEN.test(token) || !(letter in SIDE_LETTER)) continue;
    const since = parseInt(at, 36);
    seats.push({ tableId, seat: { side: SIDE_LETTER[letter]!, token, ...(since > 0 ? { at: since } : {}) } });
  }
  const settings: Record<string, string> = {};
  for (const part of (params.get('settings') ?? '').split('~')) {
    const [name = '', value = ''] = part.split('.');
    if ((SETTINGS as readonly string[]).includes(name) && SETTING_VALUE.test(value)) settings[name] = value;
  }
  return { seats, settings };
}

/** What taking a bundle did: seats added, seats this browser held already, seats of a table it holds another seat of. */
export interface Taken {
  readonly added: number;
  readonly known: number;
  readonly kept: number; // this browser's own seat at that table stays; the carried one is not taken
}

/** Takes a bundle into this browser (after the player confirmed): its seats, then its settings. */
export function takeBundle(bundle: DeviceBundle): Taken {
  let added = 0;
  let known = 0;
  let kept = 0;
  for (const { tableId, seat } of bundle.seats) {
    const mine = loadSeat(tableId);
    if (mine?.token === seat.token) known++;
    else if (mine) kept++;
    else {
      saveSeat(tableId, seat);
      added++;
    }
  }
  try {
    for (const [name, value] of Object.entries(bundle.settings)) localStorage.setItem(`fg:${name}`, value);
  } catch {
    // Storage refused: the settings stay as they are.
  }
  return { added, known, kept };
}
