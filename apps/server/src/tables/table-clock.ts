// A table's clock as the store keeps it: rebuilt from the stored times (moves, takebacks, end), advanced by
// each move, and the timer that wakes a table at its next deadline (its clock running out, the
// first-move abort; later kinds of deadline are added in ./deadlines.ts). The arithmetic is the pure ./clock.ts.
import type { ClockView } from '@fg/protocol';
import { opponent, type Side } from '@fg/rules';

import { type Clock, clockAfterMove, clockView, replayClock, stopClock } from './clock.js';
import type { StoredTable } from './store.js';

/** Ply -> when the last takeback to it was stored; the clock of that ply restarts then. */
function resumedAt(stored: Pick<StoredTable, 'takebacks'>): Map<number, number> {
  const resumed = new Map<number, number>();
  for (const { to, at } of stored.takebacks ?? []) resumed.set(to, Math.max(resumed.get(to) ?? 0, at));
  return resumed;
}

/**
 * The clock of a stored table, rebuilt to the ms from its stored times, or null for a table without one. The
 * clock is a pure function of stored facts, so every instance derives the same one.
 */
export function storedClock(stored: StoredTable, firstSide: Side): Clock | null {
  if (!stored.clock) return null;
  const moveTimes = stored.moveTimes ?? [];
  const endedAt = stored.result ? (stored.endedAt ?? moveTimes[moveTimes.length - 1] ?? 0) : null;
  return replayClock({ setting: stored.clock, firstSide, moveTimes, resumedAt: resumedAt(stored), endedAt });
}

/**
 * The clock after the stored table changed from `before` to `now`: when only moves (and perhaps the end) were
 * added, `previous` is advanced by the new move times, which gives exactly what a replay of every stored time
 * gives (clock.test.ts) without a walk over the whole game on each move; otherwise rebuilt.
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
    previous !== null &&
    !before.result &&
    before.clock === now.clock &&
    before.takebacks === now.takebacks &&
    oldTimes.length === before.moves.length &&
    newTimes.length === now.moves.length &&
    newTimes.length >= oldTimes.length;
  if (!onlyMovesAdded) return storedClock(now, firstSide);
  let clock = previous;
  let side = oldTimes.length % 2 === 0 ? firstSide : opponent(firstSide);
  for (let ply = oldTimes.length; ply < newTimes.length; ply++) {
    clock = clockAfterMove(clock, side, newTimes[ply]!, ply);
    side = opponent(side);
  }
  if (!now.result) return clock;
  return stopClock(clock, now.endedAt ?? newTimes[newTimes.length - 1] ?? clock.since);
}

/** `{ clock }` for a message or view of a clock, as of `at`; nothing for a table without one. */
export function clockFieldsOf(clock: Clock | null, at: number): { clock?: ClockView } {
  return clock ? { clock: clockView(clock, at) } : {};
}

/** The longest a timer sleeps before it looks at the time again, so a time source that jumps (tests) is seen soon. */
const MAX_SLEEP_MS = 1000;

/**
 * A table's timer, waking at its next deadline (`dueAt`, null: none); `onDue` decides what it means. A timer that
 * will wake no later than a new deadline is left alone: on waking it looks again. So most moves touch no timer.
 */
export class DeadlineTimer {
  readonly #now: () => number;
  readonly #dueAt: () => number | null;
  readonly #onDue: () => void;
  #pending: { timer: ReturnType<typeof setTimeout>; wakeAt: number } | null = null;

  constructor(now: () => number, dueAt: () => number | null, onDue: () => void) {
    this.#now = now;
    this.#dueAt = dueAt;
    this.#onDue = onDue;
  }

  /** Matches the timer to the table's next deadline (called after every change of the table). */
  sync(): void {
    const end = this.#dueAt();
    if (this.#pending && end !== null && this.#pending.wakeAt <= end) return;
    this.clear();
    if (end === null) return;
    const now = this.#now();
    const wait = Math.max(0, Math.min(end - now, MAX_SLEEP_MS));
    const timer = setTimeout(() => {
      this.#pending = null;
      if (this.#now() >= (this.#dueAt() ?? Infinity)) this.#onDue();
      else this.sync();
    }, wait);
    timer.unref();
    this.#pending = { timer, wakeAt: now + wait };
  }

  /** Stops the timer (the table left memory, or the server stops). */
  clear(): void {
    if (this.#pending) clearTimeout(this.#pending.timer);
    this.#pending = null;
  }
}
