// Which installed table answers which options: the one built for the geese count, else a larger build whose tiers
// reach it (a 4..17 build answers 13 and 15); a test-size table answers only its own count. And install's effects.
import { getVariant, type Variant } from '@fg/rules';
import type { Solution } from '@fg/solver';
import { describe, expect, it } from 'vitest';

import { Solutions } from './solutions.js';

/** A stand-in table: only its geese counts matter here. */
const table = (geese: number, maxGeese = geese, sideways = false): Solution & { closed: boolean } => {
  const stand = {
    geese,
    maxGeese,
    sideways,
    closed: false,
    covers: () => true,
    winner: () => 'fox' as const,
    verdict: () => ({ winner: 'fox' as const, keep: [] }),
    close: () => void (stand.closed = true),
  };
  return stand;
};
const standard = (geese: number, sideways = false): Variant => {
  const v = getVariant('standard', { geese, sideways });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
};
const installed = (...tables: Solution[]): Solutions => {
  const solutions = new Solutions('/nowhere', []);
  for (const t of tables) solutions.install(t);
  return solutions;
};

describe('Solutions', () => {
  const t13 = table(13);
  const t15 = table(15);
  const t17 = table(17);
  const test13 = table(13, 6);
  it.each([
    ['nothing', [], [null, null, null], []],
    ['13 only', [t13], [t13, null, null], [13]],
    ['17 only: it serves 13 and 15 too', [t17], [t17, t17, t17], [13, 15, 17]],
    ['15 and 17: each count its smallest', [t15, t17], [t15, t15, t17], [13, 15, 17]],
    ['13 and 17: 13 its own', [t13, t17], [t13, t17, t17], [13, 15, 17]],
    ['a test-size table answers its own count only', [test13], [test13, null, null], [13]],
  ])('%s', (_what, tables, served, solved) => {
    const solutions = installed(...tables);
    expect([13, 15, 17].map((geese) => solutions.for(standard(geese)))).toEqual(served);
    expect(solutions.solvedOptions('standard')).toEqual(solved.map((geese) => ({ geese, sideways: false })));
    expect(solutions.for(standard(13, true))).toBeNull(); // no sideways table installed
    expect(solutions.solvedOptions('two-foxes')).toEqual([]);
  });

  it('keeps tables with sideways moves apart: each serves its own options only', () => {
    const side13 = table(13, 13, true);
    const side17 = table(17, 17, true);
    const solutions = installed(t13, side13);
    expect([solutions.for(standard(13)), solutions.for(standard(13, true)), solutions.for(standard(15, true))]).toEqual(
      [t13, side13, null],
    );
    solutions.install(side17);
    expect([13, 15, 17].map((geese) => solutions.for(standard(geese, true)))).toEqual([side13, side17, side17]);
    expect(solutions.solvedOptions('standard')).toEqual([
      { geese: 13, sideways: false },
      { geese: 13, sideways: true },
      { geese: 15, sideways: true },
      { geese: 17, sideways: true },
    ]);
    expect(solutions.has(13, true)).toBe(true);
    expect(solutions.has(15, true)).toBe(false);
  });

  it('install replaces (and closes) the table built for the same count and tells its listeners', () => {
    const old = table(13, 6);
    const solutions = installed(old);
    let told = 0;
    const stop = solutions.onInstall(() => told++);
    solutions.install(t13);
    expect([solutions.for(standard(13)), old.closed, told, solutions.size]).toEqual([t13, true, 1, 1]);
    stop();
    solutions.install(t17);
    expect(told).toBe(1);
    expect(solutions.describe()).toBe(
      'standard {"geese":13,"sideways":false}, standard {"geese":15,"sideways":false}, standard {"geese":17,"sideways":false}',
    );
  });
});
