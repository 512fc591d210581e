// A table's clocks (docs/protocol.md, and the clock start): pure functions of a clock and the time, so
// the server's timer, a move, a view and a restart all compute the same times. Nothing runs before both sides
// made their first move; from ply 2 the side to move's clock runs. Fischer increment: after each later move the
// mover gains `increment` seconds. Times are ms since the epoch; nothing here reads a clock.
import type { ClockSetting, ClockView } from '@fg/protocol';
import { opponent, type Side } from '@fg/rules';

/** Both clocks: ms left each as of `since`, and whose time has been running since then. */
export interface Clock {
  readonly setting: ClockSetting; // seconds: { initial: 300, increment: 3 }
  readonly left: Readonly<Record<Side, number>>; // ms left at `since`: { fox: 287000, geese: 300000 }
  readonly running: Side | null; // null before the game starts and after it ends
  readonly since: number; // ms since the epoch of the last start, move or stop
}

/** A clock before both first moves: both sides have the initial time, nothing runs. */
export function newClock(setting: ClockSetting): Clock {
  const initial = setting.initial * 1000;
  return { setting, left: { fox: initial, geese: initial }, running: null, since: 0 };
}

/** Ms a side has left at `at` (never below zero). */
export function timeLeft(clock: Clock, side: Side, at: number): number {
  const left = clock.left[side] - (clock.running === side ? Math.max(0, at - clock.since) : 0);
  return Math.max(0, left);
}

/** When the running side's time runs out (ms since the epoch), or null when nothing runs. */
export function deadline(clock: Clock): number | null {
  return clock.running ? clock.since + clock.left[clock.running] : null;
}

/** Whether the running side's time has run out at `at`. */
export function flagged(clock: Clock, at: number): boolean {
  const end = deadline(clock);
  return end !== null && at >= end;
}

/**
 * The clock after `side` played the move of `ply` at `at`. A side's first move (ply 0 or 1) is not charged
 * and earns no increment, and the second of them starts the clock of the side to move; a later move is charged,
 * the increment added, and the opponent's clock starts.
 */
export function clockAfterMove(clock: Clock, side: Side, at: number, ply: number): Clock {
  if (ply === 0) return clock;
  if (ply === 1) return { ...clock, running: opponent(side), since: at };
  const left = { ...clock.left, [side]: timeLeft(clock, side, at) + clock.setting.increment * 1000 };
  return { ...clock, left, running: opponent(side), since: at };
}

/** The clock stopped at `at` (the game ended): each side keeps what it had left. */
export function stopClock(clock: Clock, at: number): Clock {
  const left = { fox: timeLeft(clock, 'fox', at), geese: timeLeft(clock, 'geese', at) };
  return { ...clock, left, running: null, since: at };
}

/** The clock as a view sends it: whole ms left each at `at`. */
export function clockView(clock: Clock, at: number): ClockView {
  return {
    initial: clock.setting.initial,
    increment: clock.setting.increment,
    fox: Math.round(timeLeft(clock, 'fox', at)),
    geese: Math.round(timeLeft(clock, 'geese', at)),
    running: clock.running,
  };
}

/** The running clock restarted at `at` (a takeback): the time between the undone move and `at` is nobody's. */
function resumeClock(clock: Clock, at: number | undefined): Clock {
  return at !== undefined && clock.running && at > clock.since ? { ...clock, since: at } : clock;
}

/** What a clock is rebuilt from after a restart: the times stored with the game. */
export interface ClockHistory {
  readonly setting: ClockSetting;
  readonly firstSide: Side; // the side that moves first in the variant
  readonly moveTimes: readonly number[]; // when each move was stored, oldest first
  readonly resumedAt: ReadonlyMap<number, number>; // ply -> when the last takeback to it was stored (ms)
  readonly endedAt: number | null; // when the game ended, if it has
}

/** The clock a game's stored times give: the same as it was before the restart, to the ms. */
export function replayClock(history: ClockHistory): Clock {
  let clock = newClock(history.setting);
  let side = history.firstSide;
  history.moveTimes.forEach((at, ply) => {
    clock = clockAfterMove(resumeClock(clock, history.resumedAt.get(ply)), side, at, ply);
    side = opponent(side);
  });
  clock = resumeClock(clock, history.resumedAt.get(history.moveTimes.length));
  return history.endedAt === null ? clock : stopClock(clock, history.endedAt);
}
