// `@fg/solver/compact`: format 2 without Node (docs/solution.md): what the browser's worker imports to
// read the compact table from its bytes, and what other solves reuse to write one. Nothing here
// touches node:fs or Buffer.
export { canonicalIndex, canonicalSets, keyOf, mirrorFreeMask } from './canonical.js';
export { checksum } from './checksum.js';
export { compactSolution, CompactTable } from './compact.js';
export {
  compactBytes,
  compactLayout,
  isCompact,
  readCompact,
  readCompactHeader,
  type TierToWrite,
  verifyCompact,
} from './compact-file.js';
export { EliasFano, EliasFanoWriter } from './elias-fano.js';
export type { CompactHeader, CompactTier, SetVerdict, StoredSet } from './header.js';
export type { Solution, TableSolution, Verdict } from './solution.js';
