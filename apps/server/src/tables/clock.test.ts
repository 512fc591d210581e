import { describe, expect, it } from 'vitest';

import type { StoredTable } from '../store/store.js';
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
import { nextClock, storedClock } from './table-clock.js';

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
    ['a move that ends the game', [3_000, 9_000], [3_000, 9_000, 15_000], { at: 15_000 }],
    ['an end without a move', [3_000], [3_000], { at: 40_000 }],
  ] as const)('advances by %s exactly as a replay of every stored time does', (_name, before, after, end) => {
    const previous = storedClock(stored([...before]), 'fox');
    const now = stored([...after], end);
    expect(nextClock(previous, stored([...before]), now, 'fox')).toEqual(storedClock(now, 'fox'));
  });

  it('rebuilds when the seat times changed (the game started)', () => {
    const waiting = { ...stored([]), seatedAt: { fox: 1_000, geese: null } };
    const started = stored([]);
    expect(nextClock(storedClock(waiting, 'fox'), waiting, started, 'fox')).toEqual(storedClock(started, 'fox'));
  });
});
