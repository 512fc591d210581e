// The authority's settings and seams (tests put their own time, side picker and observers in).
import { randomInt } from 'node:crypto';

import type { Side } from '@fg/rules';

import type { TableBus } from './bus.js';
import type { ChatLog } from './chat-log.js';
import type { SolvedCheck } from './new-table.js';
import type { TableObserver } from './table-observer.js';

/** Settings and seams of the authority. */
export interface AuthorityOptions {
  readonly abandonSeconds: number; // 60
  readonly waitingHours: number; // 24
  readonly firstMoveSeconds?: number; // 60; a first move not made by then aborts a game with a clock
  readonly correspondenceDayMs?: number; // 86 400 000; the day of correspondence tables made from now on
  readonly bus: TableBus; // the in-process bus of one process, or Redis's (the backend's)
  readonly now?: () => number;
  readonly pickSide?: () => Side; // for `random`; crypto randomness by default
  readonly onError?: (error: unknown, what: string) => void;
  readonly observers?: readonly TableObserver[]; // the lobby and the computer's seats
  readonly solved?: SolvedCheck; // the solution tables, for level 9; none by default
  readonly chat: ChatLog; // where the tables' chat is kept (the backend's)
}

/** Which side `random` gives the creator: crypto randomness. */
export const cryptoSide = (): Side => (randomInt(2) === 0 ? 'fox' : 'geese');
