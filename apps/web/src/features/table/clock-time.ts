// What the clocks show: time left counted down from the last clock the server sent, as m:ss or h:mm:ss.
import type { ClockView } from '@fg/protocol';
import type { Side } from '@fg/rules';

/** Ms a side has left at local time `now` (performance.now()), the view's clock having arrived at `at`. */
export function msLeft(clock: ClockView, side: Side, at: number, now: number): number {
  const left = clock[side] - (clock.running === side ? Math.max(0, now - at) : 0);
  return Math.max(0, left);
}

/** Under this much time left the clock shows tenths (as lichess does): the last seconds are counted closely. */
const TENTHS_BELOW_MS = 10_000;

/**
 * Time left as `m:ss`, `h:mm:ss` from an hour, or `0:0s.t` under 10 s; rounded up (whole seconds, or tenths), so
 * 0:00 means the time is out.
 */
export function formatClock(ms: number): string {
  if (ms > 0 && ms < TENTHS_BELOW_MS) {
    const tenths = Math.ceil(ms / 100);
    if (tenths < 100) return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Whether a clock is low: under a tenth of the initial time, at least 10 s and at most a minute. */
export function isLow(clock: ClockView, ms: number): boolean {
  const threshold = Math.min(60_000, Math.max(10_000, clock.initial * 100));
  return ms < threshold;
}
