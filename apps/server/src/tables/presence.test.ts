// Other instances' reports of their connections at a table, taken in the order they were made.
import { describe, expect, it } from 'vitest';

import type { InstancePresence } from './events.js';
import { TablePresence } from './presence.js';

const report = (geese: number, serial?: number): InstancePresence =>
  ({ fox: 0, geese, spectators: 0, left: { fox: 0, geese: 0 }, serial }) as InstancePresence;

describe('TablePresence.setRemote', () => {
  it.each([
    ['a newer report replaces an older one', [report(1, 1), report(0, 2)], false],
    ['an older report read late is skipped', [report(0, 2), report(1, 1)], false],
    ['the same report twice is taken', [report(1, 3), report(1, 3)], true],
    ['an older version’s report (no serial) is taken as it comes', [report(0, 2), report(1)], true],
    ['after a report without a serial, any is taken', [report(1), report(0, 1)], false],
  ])('%s', (_name, reports, geeseOnline) => {
    const presence = new TablePresence(0);
    for (const r of reports) presence.setRemote('b', r);
    expect(presence.isOnline('geese')).toBe(geeseOnline);
  });

  it('forgets what it knew of an instance gone dead, its serials too', () => {
    const presence = new TablePresence(0);
    presence.setRemote('b', report(1, 5));
    expect(presence.dropDead(() => false, 100)).toBe(true);
    presence.setRemote('b', report(1, 1));
    expect([presence.isOnline('geese'), presence.offlineSince('geese')]).toEqual([true, 100]);
  });
});
