// The Elias-Fano set against a plain list: membership of every number of small universes, ranges,
// sizes, large universes (beyond 2^32, as 17 geese need) and bytes that do not hold a set.
import { describe, expect, it } from 'vitest';

import { EliasFano, EliasFanoWriter } from './elias-fano.js';
import { random } from './testing.js';

/** The set of `members` below `universe`, written and read back. */
function roundTrip(members: readonly number[], universe: number): EliasFano {
  const writer = new EliasFanoWriter(members.length, universe);
  for (const v of members) writer.push(v);
  return new EliasFano(writer.finish());
}

/** `n` distinct sorted numbers below `universe`, drawn with `seed`. */
function draw(n: number, universe: number, seed: number): number[] {
  const next = random(seed);
  const set = new Set<number>();
  while (set.size < n) set.add(Math.floor(next() * universe));
  return [...set].sort((a, b) => a - b);
}

describe('an Elias-Fano set', () => {
  it.each([
    ['empty', 0, 1000],
    ['one member', 1, 1000],
    ['sparse', 30, 100_000],
    ['0.18% dense, as the fox losses', 900, 500_000],
    ['half full', 5000, 10_000],
    ['full', 4096, 4096],
    ['long runs of empty buckets', 3, 10_000_000],
  ])('%s: every number of the universe is a member exactly when it was written', (_, n, universe) => {
    const members = draw(n, universe, n + universe);
    const set = roundTrip(members, universe);
    expect([set.size, set.universe]).toEqual([n, universe]);
    const inSet = new Uint8Array(universe);
    for (const v of members) inSet[v] = 1;
    let wrong = 0;
    for (let v = 0; v < universe; v++) if (set.has(v) !== (inSet[v] === 1)) wrong++;
    expect(wrong).toBe(0);
    const listed: number[] = [];
    set.forEach((v) => listed.push(v));
    expect(listed).toEqual(members);
    expect([set.has(-1), set.has(universe), set.has(0.5)]).toEqual([false, false, false]);
  });

  it('gives the members of a window as a mask and a range by visiting', () => {
    const members = [0, 3, 31, 32, 40, 63, 64, 100, 130, 131];
    const set = roundTrip(members, 140);
    expect([set.maskIn(0, 32), set.maskIn(32, 32), set.maskIn(64, 20), set.maskIn(101, 29)]).toEqual([
      (1 << 0) | (1 << 3) | (1 << 31),
      (1 << 0) | (1 << 8) | (1 << 31),
      1,
      0,
    ]);
    const seen: number[] = [];
    set.forEachIn(31, 101, (v) => seen.push(v));
    expect(seen).toEqual([31, 32, 40, 63, 64, 100]);
  });

  it('holds members beyond 2^32 (17 geese: 9.9 x 10^9 positions a tier)', () => {
    const universe = 9_917_826_435;
    const members = [0, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 5_000_000_000, universe - 1];
    const set = roundTrip(members, universe);
    for (const v of members) expect(set.has(v)).toBe(true);
    expect([set.has(2 ** 32 + 2), set.has(4_999_999_999), set.maskIn(2 ** 32 - 1, 3)]).toEqual([false, false, 7]);
  });

  it('takes about 2 + log2(u / n) bits a member', () => {
    const n = 20_000;
    const universe = 2 ** 8 * n; // L = 8
    const bytes = (() => {
      const writer = new EliasFanoWriter(n, universe);
      for (const v of draw(n, universe, 5)) writer.push(v);
      return writer.finish().length;
    })();
    expect((8 * bytes) / n).toBeGreaterThan(10);
    expect((8 * bytes) / n).toBeLessThan(10.3);
  });

  it.each([
    ['out of order', [5, 5], 10, 'member 5 out of order or range (last 5, u 10)'],
    ['beyond the universe', [10], 10, 'member 10 out of order or range (last -1, u 10)'],
    ['too many', [1, 2, 3], 10, 'member 3 out of order or range (last 2, u 10)'],
  ])('refuses members %s', (_, members, universe, message) => {
    const writer = new EliasFanoWriter(2, universe);
    expect(() => members.forEach((v) => writer.push(v))).toThrow(message);
  });

  it('refuses bytes that are not a whole set', () => {
    const writer = new EliasFanoWriter(2, 100);
    writer.push(7);
    expect(() => writer.finish()).toThrow('1 members written of 2');
    writer.push(70);
    const bytes = writer.finish();
    expect(() => new EliasFano(bytes.subarray(0, bytes.length - 4))).toThrow("a set's header does not match");
    expect(() => new EliasFano(new Uint8Array(12))).toThrow('a set of 12 bytes at offset 0: not a whole set');
  });
});
