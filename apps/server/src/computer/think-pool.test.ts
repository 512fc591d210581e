// The fair share of thinking time: many games at once each think less, so every move is still answered in time.
import { describe, expect, it } from 'vitest';

import { clockBudgetMs } from './computer-habits.js';
import { fairShareMs, ThinkPool } from './think-pool.js';

describe('fairShareMs', () => {
  it.each([
    [0, 1, 1800], // alone on one thread: the whole answer time
    [1, 1, 900],
    [19, 1, 100], // 20 games on one thread: 90 ms each, raised to the floor
    [3, 2, 900],
    [0, 4, 7200], // more threads than games: more than any level takes (the level's own time caps it)
    [1000, 1, 100],
  ])('%i tasks in flight on %i thread(s): %i ms', (inFlight, threads, ms) => {
    expect(fairShareMs(inFlight, threads)).toBe(ms);
  });
});

describe('clockBudgetMs', () => {
  const clock = (fox: number, increment: number) => ({ initial: 300, increment, fox, geese: 1000, running: null });
  it.each([
    ['no clock', {}, undefined],
    ['5 minutes left, no increment', { clock: clock(300_000, 0) }, 12_000],
    ['10 s left, 2 s increment', { clock: clock(10_000, 2) }, 2000],
    ['almost out of time', { clock: clock(100, 0) }, 50],
  ])('%s', (_name, table, ms) => {
    expect(clockBudgetMs(table, 'fox')).toBe(ms);
  });
});

describe('ThinkPool', () => {
  it('answers a move and an assessment in a worker thread', async () => {
    const pool = new ThinkPool(1);
    try {
      const base = { variant: 'standard', options: {}, moves: [], level: 1 } as const;
      const move = await pool.run({ ...base, kind: 'move' });
      expect(move.kind).toBe('move');
      if (move.kind === 'move') expect(move.points.length).toBeGreaterThanOrEqual(2);
      const assess = await pool.run({ ...base, kind: 'assess', timeMs: 50 });
      expect(assess).toMatchObject({ kind: 'assess', winner: null });
      await expect(pool.run({ ...base, kind: 'move', moves: ['z9-z8'] })).rejects.toThrow(/does not replay/);
    } finally {
      await pool.close();
    }
  });
});
