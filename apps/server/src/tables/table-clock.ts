// A live table's clock: built from what the store keeps, started when both seats are taken, charged
// on each move, stopped at the end, and watched by a timer so the server itself decides `timeout`.
// The authority calls these few functions; the arithmetic is the pure ./clock.ts.
import type { ClockView, GameResult } from '@fg/protocol';
import { opponent, type Side } from '@fg/rules';

import type { StoredTable } from '../store/store.js';
import { type Clock, clockAfterMove, clockView, deadline, flagged, replayClock, stopClock } from './clock.js';
import type { LiveTable } from './table-state.js';

/**
 * The clock of a stored table, rebuilt to the ms from its stored times (seats taken, moves, end), or null for a
 * table without one. The clock is a pure function of stored facts, so every instance derives the same one.
 */
export function storedClock(stored: StoredTable, firstSide: Side): Clock | null {
  if (!stored.clock) return null;
  const seated = stored.seatedAt ?? { fox: null, geese: null };
  const startedAt = seated.fox !== null && seated.geese !== null ? Math.max(seated.fox, seated.geese) : null;
  const moveTimes = stored.moveTimes ?? [];
  const endedAt = stored.result ? (stored.endedAt ?? moveTimes[moveTimes.length - 1] ?? startedAt) : null;
  return replayClock({ setting: stored.clock, firstSide, startedAt, moveTimes, endedAt });
}

/**
 * The clock after the stored table changed from `before` to `now`: when only moves (and perhaps the end) were
 * added to a running clock, `previous` is advanced by the new move times, which gives exactly what a replay of
 * every stored time gives (clock.test.ts) without a walk over the whole game on each move; otherwise rebuilt.
 */
export function nextClock(
  previous: Clock | null,
  before: StoredTable,
  now: StoredTable,
  firstSide: Side,
): Clock | null {
  const oldTimes = before.moveTimes ?? [];
  const newTimes = now.moveTimes ?? [];
  const onlyMovesAdded =
    previous?.running != null &&
    !before.result &&
    before.clock?.initial === now.clock?.initial &&
    before.clock?.increment === now.clock?.increment &&
    before.seatedAt?.fox === now.seatedAt?.fox &&
    before.seatedAt?.geese === now.seatedAt?.geese &&
    oldTimes.length === before.moves.length &&
    newTimes.length === now.moves.length &&
    newTimes.length >= oldTimes.length;
  if (!onlyMovesAdded) return storedClock(now, firstSide);
  let clock = previous;
  let side = previous.running;
  for (let ply = oldTimes.length; ply < newTimes.length; ply++) {
    clock = clockAfterMove(clock, side, newTimes[ply]!);
    side = opponent(side);
  }
  if (!now.result) return clock;
  return stopClock(clock, now.endedAt ?? newTimes[newTimes.length - 1] ?? clock.since);
}

/** `{ clock }` for a message or view of a clock, as of `at`; nothing for a table without one. */
export function clockFieldsOf(clock: Clock | null, at: number): { clock?: ClockView } {
  return clock ? { clock: clockView(clock, at) } : {};
}

/** `{ clock }` for a message or view of a table with a clock, as of `at`; nothing for a table without one. */
export function clockFields(live: LiveTable, at: number): { clock?: ClockView } {
  return clockFieldsOf(live.derived.clock, at);
}

/** The timeout result if the side to move's time ran out by `at`, checked before a move is accepted. */
export function timeoutAt(live: LiveTable, at: number): GameResult | null {
  const clock = live.derived.clock;
  if (!clock || live.facts.stored.result || !flagged(clock, at)) return null;
  return { winner: opponent(clock.running!), reason: 'timeout' };
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
    const clock = live.derived.clock;
    const end = clock && !live.facts.stored.result ? deadline(clock) : null;
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
      const now = live.derived.clock;
      if (now && !live.facts.stored.result && this.now() >= (deadline(now) ?? Infinity)) this.onDeadline(live);
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
