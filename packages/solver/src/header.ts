// What a table file says about itself, in both formats (docs/solution.md, "Files"): types only, so
// the browser's reader shares them.

/** The figures of one tier, counted over every k-subset and every fox point outside it. */
export interface TierSummary {
  readonly geese: number; // k
  readonly sets: number; // C(33, k)
  readonly foxToMove: { readonly positions: number; readonly foxWins: number };
  readonly geeseToMove: { readonly positions: number; readonly geeseWins: number };
}

/** Format 1: one tier as the header describes it: its figures, where its arrays start, their checksums. */
export interface TierEntry extends TierSummary {
  readonly fwOffset: number; // byte offset of FW in the file
  readonly gwOffset: number; // byte offset of GW
  readonly checksum: { readonly fw: string; readonly gw: string }; // checksum(): FNV-1a's step per uint32 word, hex
}

/** Fields both formats' headers have. */
interface HeaderBase {
  readonly variant: 'standard';
  readonly minGeese: number; // 4
  readonly maxGeese: number; // 13, or less for a test table (--up-to)
  readonly points: readonly string[]; // point names by index: c1, d1, ...
}

/** The header JSON of format 1 (a uint32 record a set for each side to move). */
export interface TableHeader extends HeaderBase {
  readonly format: 1;
  readonly options: { readonly geese: number; readonly sideways: false };
  readonly record: string; // how a record reads
  readonly tiers: readonly TierEntry[];
}

/** A verdict for the side a stored set is about. */
export type SetVerdict = 'win' | 'loss' | 'draw';

/** Format 2: one stored set of positions of a tier (an Elias-Fano set over position indices). */
export interface StoredSet {
  readonly name: string; // 'foxLoses'
  readonly turn: 'fox' | 'geese'; // the side to move in its positions
  readonly verdict: SetVerdict; // for that side: 'loss'
  readonly members: number; // positions in the set (one of each mirror pair)
  readonly universe: number; // position indices run below it: canonical sets x (33 - k)
  readonly offset: number; // byte offset in the file (a multiple of 8)
  readonly bytes: number; // its length (a multiple of 4)
  readonly checksum: string; // checksum() of its words
}

/** Format 2: one tier: its figures, its canonical sets and the sets stored for it. */
export interface CompactTier extends TierSummary {
  readonly canonicalSets: number; // geese sets kept of the mirror pairs (canonical.ts)
  readonly stored: readonly StoredSet[];
  readonly rest: SetVerdict; // the fox-to-move verdict (for the fox) of a position in no stored set
}

/** The header JSON of format 2 (compact: per tier the rarer fox-to-move verdict as a set). */
export interface CompactHeader extends HeaderBase {
  readonly format: 2;
  /** sideways: true for a table of the game with sideways moves (its verdicts `win-loss-draw`). */
  readonly options: { readonly geese: number; readonly sideways: boolean };
  readonly verdicts: 'win-loss' | 'win-loss-draw'; // the kinds of verdict the table knows
  readonly index: string; // how a position's index reads
  readonly tiers: readonly CompactTier[];
}

/** Either format's header. */
export type SolutionHeader = TableHeader | CompactHeader;
