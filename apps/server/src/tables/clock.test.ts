import { describe, expect, it } from 'vitest';

import {
  type Clock,
  clockAfterMove,
  clockView,
  deadline,
  flagged,
  newClock,
  replayClock,
  stopClock,
  timeLeft,
} from './clock.js';
import type { StoredTable } from './store.js';
import { nextClock, storedClock } from './table-clock.js';

const T0 = 1_700_000_000_000;
const FIVE_PLUS_THREE = { initial: 300, increment: 3 };
const NO_TAKEBACKS = new Map<number, number>();

/** A clock whose `side` has been running since `at` (as from ply 2 on). */
const runningFrom = (clock: Clock, side: 'fox' | 'geese', at: number): Clock => ({
  ...clock,
  running: side,
  since: at,
});

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
      (c) => clockAfterMove(c, 'fox', T0 + 10_000, 2),
      T0 + 10_000,
      { fox: 293_000, geese: 300_000, running: 'geese' },
    ],
    [
      "the opponent's time runs after the move",
      (c) => clockAfterMove(c, 'fox', T0 + 10_000, 2),
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
    const { fox, geese, running } = clockView(change(runningFrom(newClock(FIVE_PLUS_THREE), 'fox', T0)), at);
    expect({ fox, geese, running }).toEqual(expected);
  });

  it('names the deadline and flags the running side at it, not a ms before', () => {
    const clock = runningFrom(newClock({ initial: 15, increment: 0 }), 'geese', T0);
    expect(deadline(clock)).toBe(T0 + 15_000);
    expect(flagged(clock, T0 + 14_999)).toBe(false);
    expect(flagged(clock, T0 + 15_000)).toBe(true);
    expect(timeLeft(clock, 'fox', T0 + 15_000)).toBe(15_000);
  });

  it('runs nothing before both first moves, which earn no increment; the second starts the clock', () => {
    let clock = clockAfterMove(newClock(FIVE_PLUS_THREE), 'fox', T0 + 50_000, 0);
    expect(clockView(clock, T0 + 55_000)).toMatchObject({ fox: 300_000, geese: 300_000, running: null });
    clock = clockAfterMove(clock, 'geese', T0 + 58_000, 1);
    expect(clockView(clock, T0 + 60_000)).toMatchObject({ fox: 298_000, geese: 300_000, running: 'fox' });
    clock = clockAfterMove(clock, 'fox', T0 + 61_000, 2);
    expect(clockView(clock, T0 + 61_000)).toMatchObject({ fox: 300_000, geese: 300_000, running: 'geese' });
  });

  it('rebuilds after a restart exactly the clock it had, neither giving nor taking time', () => {
    const times = [T0 + 4_000, T0 + 9_500, T0 + 30_000];
    let live = newClock(FIVE_PLUS_THREE);
    const sides = ['fox', 'geese', 'fox'] as const;
    times.forEach((at, i) => (live = clockAfterMove(live, sides[i]!, at, i)));
    const rebuilt = replayClock({
      setting: FIVE_PLUS_THREE,
      firstSide: 'fox',
      moveTimes: times,
      resumedAt: NO_TAKEBACKS,
      endedAt: null,
    });
    expect(rebuilt).toEqual(live);
    // Fox's clock ran from geese's first move (9.5 s) to 30 s, then fox gained the increment; geese runs now.
    expect(deadline(rebuilt)).toBe(T0 + 30_000 + 300_000);
    expect(clockView(rebuilt, T0 + 30_000)).toMatchObject({ fox: 300_000 - 20_500 + 3_000 });
  });

  it('a takeback restarts the clock of the side to move at the takeback, with the time it had', () => {
    const times = [T0 + 1_000, T0 + 2_000, T0 + 12_000, T0 + 20_000];
    const history = { setting: FIVE_PLUS_THREE, firstSide: 'fox' as const, endedAt: null };
    const before = replayClock({ ...history, moveTimes: times.slice(0, 3), resumedAt: NO_TAKEBACKS });
    // Geese's move at 20 s is taken back at 50 s: geese has what it had after fox's move, running from 50 s.
    const after = replayClock({ ...history, moveTimes: times.slice(0, 3), resumedAt: new Map([[3, T0 + 50_000]]) });
    expect(clockView(after, T0 + 50_000)).toEqual(clockView(before, T0 + 12_000));
    expect(clockView(after, T0 + 51_000).geese).toBe(299_000);
  });

  it('rebuilds a game not yet started, and one that has ended', () => {
    const history = {
      setting: FIVE_PLUS_THREE,
      firstSide: 'geese' as const,
      moveTimes: [],
      resumedAt: NO_TAKEBACKS,
      endedAt: null,
    };
    expect(replayClock(history)).toEqual(newClock(FIVE_PLUS_THREE));
    const ended = replayClock({ ...history, moveTimes: [T0, T0 + 1_000, T0 + 8_000], endedAt: T0 + 9_000 });
    expect(clockView(ended, T0 + 60_000)).toMatchObject({ geese: 296_000, fox: 299_000, running: null });
  });
});

describe('nextClock', () => {
  const base = {
    id: 'V1StGXR8_Z5j',
    variant: 'standard',
    options: {},
    seats: { fox: 'a', geese: 'b' },
    result: null,
    rematch: null,
    createdAt: 0,
    clock: { initial: 60, increment: 2 },
    seatedAt: { fox: 1_000, geese: 1_500 },
  } as const;
  const stored = (moveTimes: number[], end: { at: number } | null = null): StoredTable => ({
    ...base,
    moves: moveTimes.map(() => 'd4-d5'),
    moveTimes,
    result: end ? { winner: 'fox', reason: 'resignation' } : null,
    endedAt: end?.at ?? null,
  });

  it.each([
    ['one move added', [3_000], [3_000, 9_000], null],
    ['several moves added at once', [3_000], [3_000, 9_000, 12_500, 70_000], null],
    ['the first move', [], [2_000], null],
    ['the second first move', [2_000], [2_000, 2_500], null],
    ['a move that ends the game', [3_000, 9_000], [3_000, 9_000, 15_000], { at: 15_000 }],
    ['an end without a move', [3_000], [3_000], { at: 40_000 }],
  ] as const)('advances by %s exactly as a replay of every stored time does', (_name, before, after, end) => {
    const previous = storedClock(stored([...before]), 'fox');
    const now = stored([...after], end);
    expect(nextClock(previous, stored([...before]), now, 'fox')).toEqual(storedClock(now, 'fox'));
  });

  it('rebuilds after a takeback', () => {
    const before = stored([3_000, 9_000, 12_000]);
    const after = { ...stored([3_000, 9_000]), takebacks: [{ to: 2, at: 30_000 }] };
    expect(nextClock(storedClock(before, 'fox'), before, after, 'fox')).toEqual(storedClock(after, 'fox'));
    expect(storedClock(after, 'fox')).toMatchObject({ running: 'fox', since: 30_000 });
  });
});
