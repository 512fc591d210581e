import { describe, expect, it } from 'vitest';

import {
  type Clock,
  clockAfterMove,
  clockView,
  deadline,
  flagged,
  newClock,
  replayClock,
  startClock,
  stopClock,
  timeLeft,
} from './clock.js';

const T0 = 1_700_000_000_000;
const FIVE_PLUS_THREE = { initial: 300, increment: 3 };

describe('clock', () => {
  it('starts with the initial time each and nothing running', () => {
    expect(clockView(newClock(FIVE_PLUS_THREE), T0)).toEqual({
      initial: 300,
      increment: 3,
      fox: 300_000,
      geese: 300_000,
      running: null,
    });
    expect(deadline(newClock(FIVE_PLUS_THREE))).toBeNull();
  });

  it.each<[string, (c: Clock) => Clock, number, { fox: number; geese: number; running: string | null }]>([
    ['the running side loses time', (c) => c, T0 + 12_345, { fox: 287_655, geese: 300_000, running: 'fox' }],
    [
      'a move charges the mover, adds the increment and starts the opponent',
      (c) => clockAfterMove(c, 'fox', T0 + 10_000),
      T0 + 10_000,
      { fox: 293_000, geese: 300_000, running: 'geese' },
    ],
    [
      "the opponent's time runs after the move",
      (c) => clockAfterMove(c, 'fox', T0 + 10_000),
      T0 + 25_000,
      { fox: 293_000, geese: 285_000, running: 'geese' },
    ],
    [
      'a stopped clock keeps what each side had',
      (c) => stopClock(c, T0 + 1_000),
      T0 + 99_000,
      { fox: 299_000, geese: 300_000, running: null },
    ],
    ['time left never goes below zero', (c) => c, T0 + 400_000, { fox: 0, geese: 300_000, running: 'fox' }],
  ])('%s', (_name, change, at, expected) => {
    const { fox, geese, running } = clockView(change(startClock(newClock(FIVE_PLUS_THREE), 'fox', T0)), at);
    expect({ fox, geese, running }).toEqual(expected);
  });

  it('names the deadline and flags the running side at it, not a ms before', () => {
    const clock = startClock(newClock({ initial: 15, increment: 0 }), 'geese', T0);
    expect(deadline(clock)).toBe(T0 + 15_000);
    expect(flagged(clock, T0 + 14_999)).toBe(false);
    expect(flagged(clock, T0 + 15_000)).toBe(true);
    expect(timeLeft(clock, 'fox', T0 + 15_000)).toBe(15_000);
  });

  it('rebuilds after a restart exactly the clock it had, neither giving nor taking time', () => {
    const times = [T0 + 4_000, T0 + 9_500, T0 + 30_000];
    let live = startClock(newClock(FIVE_PLUS_THREE), 'fox', T0);
    const sides = ['fox', 'geese', 'fox'] as const;
    times.forEach((at, i) => (live = clockAfterMove(live, sides[i]!, at)));
    const rebuilt = replayClock({
      setting: FIVE_PLUS_THREE,
      firstSide: 'fox',
      startedAt: T0,
      moveTimes: times,
      endedAt: null,
    });
    expect(rebuilt).toEqual(live);
    expect(deadline(rebuilt)).toBe(T0 + 30_000 + 300_000 - 5_500 + 3_000);
  });

  it('rebuilds a game not yet started, and one that has ended', () => {
    const history = { setting: FIVE_PLUS_THREE, firstSide: 'geese' as const, moveTimes: [], endedAt: null };
    expect(replayClock({ ...history, startedAt: null })).toEqual(newClock(FIVE_PLUS_THREE));
    const ended = replayClock({ ...history, startedAt: T0, endedAt: T0 + 7_000 });
    expect(clockView(ended, T0 + 60_000)).toMatchObject({ geese: 293_000, fox: 300_000, running: null });
  });
});
