import { describe, expect, it } from 'vitest';

import { ConnectionGuard } from './guard.js';

describe('ConnectionGuard', () => {
  it('admits a burst, then refills at the rate', () => {
    let now = 0;
    const guard = new ConnectionGuard({ burst: 3, ratePerSecond: 2, maxStrikes: 5 }, () => now);
    expect([guard.admit(), guard.admit(), guard.admit(), guard.admit()]).toEqual([true, true, true, false]);
    now += 500;
    expect([guard.admit(), guard.admit()]).toEqual([true, false]);
    now += 10_000;
    expect([guard.admit(), guard.admit(), guard.admit(), guard.admit()]).toEqual([true, true, true, false]);
  });

  it('takes back a refunded token, never beyond the burst', () => {
    const guard = new ConnectionGuard({ burst: 2, ratePerSecond: 1, maxStrikes: 5 }, () => 0);
    expect([guard.admit(), guard.admit(), guard.admit()]).toEqual([true, true, false]);
    guard.refund();
    expect([guard.admit(), guard.admit()]).toEqual([true, false]);
    guard.refund();
    guard.refund();
    guard.refund();
    expect([guard.admit(), guard.admit(), guard.admit()]).toEqual([true, true, false]);
  });

  it('closes after the strikes within a minute, forgetting older ones', () => {
    let now = 0;
    const guard = new ConnectionGuard({ burst: 1, ratePerSecond: 1, maxStrikes: 3 }, () => now);
    expect([guard.strike(), guard.strike()]).toEqual([false, false]);
    now += 60_001;
    expect([guard.strike(), guard.strike(), guard.strike()]).toEqual([false, false, true]);
  });
});
