// A live table's clock: built from what the store keeps, started when both seats are taken, charged
// on each move, stopped at the end, and watched by a timer so the server itself decides `timeout`.
// The authority calls these few functions; the arithmetic is the pure ./clock.ts.
import type { ClockView, GameResult } from '@fg/protocol';
import { opponent } from '@fg/rules';

import type { StoredTable } from '../store/store.js';
import {
  type Clock,
  clockAfterMove,
  clockView,
  deadline,
  flagged,
  replayClock,
  startClock,
  stopClock,
} from './clock.js';
import type { LiveTable } from './live-table.js';

/** The clock a stored table had (rebuilt to the ms from its stored times), or null for a table without one. */
export function storedClock(stored: StoredTable, firstSide: LiveTable['game']['variant']['firstSide']): Clock | null {
  if (!stored.clock) return null;
  const seated = stored.seatedAt ?? { fox: null, geese: null };
  const startedAt = seated.fox !== null && seated.geese !== null ? Math.max(seated.fox, seated.geese) : null;
  const moveTimes = stored.moveTimes ?? [];
  const endedAt = stored.result ? (stored.endedAt ?? moveTimes[moveTimes.length - 1] ?? startedAt) : null;
  return replayClock({ setting: stored.clock, firstSide, startedAt, moveTimes, endedAt });
}

/** `{ clock }` for a message or view of a table with a clock, as of `at`; nothing for a table without one. */
export function clockFields(live: LiveTable, at: number): { clock?: ClockView } {
  return live.clock ? { clock: clockView(live.clock, at) } : {};
}

/** Starts the clock of the side to move once both seats are taken (called after a seat is taken). */
export function startWhenSeated(live: LiveTable, at: number): void {
  if (live.clock && live.clock.running === null && !live.result && live.seats.fox && live.seats.geese)
    live.clock = startClock(live.clock, live.game.position.turn, at);
}

/** The timeout result if the side to move's time ran out by `at`, checked before a move is accepted. */
export function timeoutAt(live: LiveTable, at: number): GameResult | null {
  if (!live.clock || live.result || !flagged(live.clock, at)) return null;
  return { winner: opponent(live.clock.running!), reason: 'timeout' };
}

/** Charges a stored move to its mover's clock, or stops the clock when the move ended the game. */
export function chargeMove(live: LiveTable, side: 'fox' | 'geese', at: number): void {
  if (!live.clock) return;
  const charged = clockAfterMove(live.clock, side, at);
  live.clock = live.result ? stopClock(charged, at) : charged;
}

/** Stops the clock when the game ends other than by a move. */
export function stopAtEnd(live: LiveTable, at: number): void {
  if (live.clock) live.clock = stopClock(live.clock, at);
}

/** The longest a timer sleeps before it looks at the time again, so a time source that jumps (tests) is seen soon. */
const MAX_SLEEP_MS = 1000;

/** One timer per table with a running clock, waking at its deadline; `onDeadline` decides what it means. */
export class ClockTimers {
  readonly #timers = new Map<string, { timer: ReturnType<typeof setTimeout>; wakeAt: number; live: LiveTable }>();

  constructor(
    private readonly now: () => number,
    private readonly onDeadline: (live: LiveTable) => void,
  ) {}

  /**
   * Matches the table's timer to its clock (called after every action on a table). A timer that will wake
   * no later than the new deadline is left alone: on waking it looks again. So most moves touch no timer.
   */
  sync(live: LiveTable): void {
    const end = live.clock && !live.result ? deadline(live.clock) : null;
    const pending = this.#timers.get(live.id);
    // A table reloaded from the store is a new object: its timer replaces the one of the copy it replaced.
    if (pending && pending.live === live && end !== null && pending.wakeAt <= end) return;
    if (pending) clearTimeout(pending.timer);
    this.#timers.delete(live.id);
    if (end === null) return;
    const now = this.now();
    const wait = Math.max(0, Math.min(end - now, MAX_SLEEP_MS));
    const timer = setTimeout(() => {
      this.#timers.delete(live.id);
      if (live.clock && !live.result && this.now() >= (deadline(live.clock) ?? Infinity)) this.onDeadline(live);
      else this.sync(live);
    }, wait);
    timer.unref();
    this.#timers.set(live.id, { timer, wakeAt: now + wait, live });
  }

  /** Clears every timer (the server shuts down). */
  clear(): void {
    for (const { timer } of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
