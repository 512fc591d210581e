// Format 2's container with more than one named set a tier (what the sideways solve stores: the fox-to-move wins
// and losses, draws the rest): written by compactLayout, read back by name by readCompact, checked by
// verifyCompact; the win-loss reader refuses such a table in words.
import { CROSS33 } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { CompactTable } from './compact.js';
import { compactBytes, compactLayout, readCompact, type TierToWrite, verifyCompact } from './compact-file.js';
import { EliasFanoWriter } from './elias-fano.js';

/** An Elias-Fano set's bytes from its members (sorted) below `universe`. */
function set(members: readonly number[], universe: number): Uint8Array {
  const writer = new EliasFanoWriter(members.length, universe);
  for (const v of members) writer.push(v);
  return writer.finish();
}

/** The bytes of a whole file from its parts. */
function join(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const FIGURES = {
  sets: 40_920,
  foxToMove: { positions: 10, foxWins: 3 },
  geeseToMove: { positions: 10, geeseWins: 2 },
};
const TIERS: TierToWrite[] = [4, 5].map((geese) => ({
  ...FIGURES,
  geese,
  canonicalSets: 100,
  rest: 'draw',
  stored: [
    { name: 'foxWins', turn: 'fox', verdict: 'win', members: 3, universe: 2_900, data: set([1, 70, 2_899], 2_900) },
    { name: 'foxLoses', turn: 'fox', verdict: 'loss', members: 2, universe: 2_900, data: set([5, 6 + geese], 2_900) },
  ],
}));

describe('a format-2 file with named sets a tier (win-loss-draw)', () => {
  const { header, parts } = compactLayout(
    {
      variant: 'standard',
      options: { geese: 13, sideways: true },
      minGeese: 4,
      maxGeese: 5,
      points: CROSS33.points.map((p) => p.name),
      verdicts: 'win-loss-draw',
      index: 'test',
    },
    TIERS,
  );
  const bytes = join(parts);

  it('reads every set back by its tier and name, with its members', () => {
    const { sets } = readCompact(bytes, 'test.fgc');
    const members = (k: number, name: string): number[] => {
      const out: number[] = [];
      sets
        .get(k)!
        .get(name)!
        .forEach((v) => out.push(v));
      return out;
    };
    expect([...sets.keys()]).toEqual([4, 5]);
    expect([...sets.get(4)!.keys()]).toEqual(['foxWins', 'foxLoses']);
    expect([members(4, 'foxWins'), members(4, 'foxLoses'), members(5, 'foxLoses')]).toEqual([
      [1, 70, 2_899],
      [5, 10],
      [5, 11],
    ]);
    expect(compactBytes(header)).toBe(bytes.length);
    expect(verifyCompact(bytes, 'test.fgc')).toBeNull();
  });

  it('keeps each set at a multiple of 8 bytes, named in the header with its verdict', () => {
    const stored = header.tiers.flatMap((t) => t.stored.map((s) => [t.geese, s.name, s.turn, s.verdict, s.offset % 8]));
    expect(stored).toEqual([
      [4, 'foxWins', 'fox', 'win', 0],
      [4, 'foxLoses', 'fox', 'loss', 0],
      [5, 'foxWins', 'fox', 'win', 0],
      [5, 'foxLoses', 'fox', 'loss', 0],
    ]);
    expect([header.verdicts, header.options.sideways, header.tiers[0]!.rest]).toEqual(['win-loss-draw', true, 'draw']);
  });

  it('is refused by the win-loss reader, which says why', () => {
    expect(() => new CompactTable(bytes, 'test.fgc')).toThrow(
      'test.fgc holds win-loss-draw verdicts; this reader answers win-loss tables',
    );
  });
});
