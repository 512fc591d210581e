// A table's clock as the store keeps it: rebuilt from the stored times (moves, takebacks, end), advanced by
// each move, and the timers that wake the authority at a table's next deadline (its clock running out, v1.2's
// first-move abort; later kinds of deadline are added in ./deadlines.ts). The arithmetic is the pure ./clock.ts.
import type { ClockView } from '@fg/protocol';
import { opponent, type Side } from '@fg/rules';

import { type Clock, clockAfterMove, clockView, replayClock, stopClock } from './clock.js';
import type { StoredTable } from './store.js';

/** v1.2: ply -> when the last takeback to it was stored; the clock of that ply restarts then. */
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
 * One timer per table with a deadline ahead, waking at it; `onDue` decides what it means. Keyed by table id; a
 * table reloaded from the store is a new object whose timer replaces the one of the copy it replaced.
 */
export class DeadlineTimers<T extends object> {
  readonly #timers = new Map<string, { timer: ReturnType<typeof setTimeout>; wakeAt: number; table: T }>();

  constructor(
    private readonly now: () => number,
    private readonly dueAt: (table: T) => number | null,
    private readonly onDue: (table: T) => void,
  ) {}

  /**
   * Matches the table's timer to its next deadline (called after every change of a table). A timer that will
   * wake no later than the new deadline is left alone: on waking it looks again. So most moves touch no timer.
   */
  sync(id: string, table: T): void {
    const end = this.dueAt(table);
    const pending = this.#timers.get(id);
    if (pending && pending.table === table && end !== null && pending.wakeAt <= end) return;
    if (pending) clearTimeout(pending.timer);
    this.#timers.delete(id);
    if (end === null) return;
    const now = this.now();
    const wait = Math.max(0, Math.min(end - now, MAX_SLEEP_MS));
    const timer = setTimeout(() => {
      this.#timers.delete(id);
      if (this.now() >= (this.dueAt(table) ?? Infinity)) this.onDue(table);
      else this.sync(id, table);
    }, wait);
    timer.unref();
    this.#timers.set(id, { timer, wakeAt: now + wait, table });
  }

  /** Forgets a table's timer (it left memory). */
  drop(id: string): void {
    const pending = this.#timers.get(id);
    if (pending) clearTimeout(pending.timer);
    this.#timers.delete(id);
  }

  /** Clears every timer (the server shuts down). */
  clear(): void {
    for (const { timer } of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
