// The solver of standard Fox and Geese, without sideways moves and with them (docs/rules.md section 10,
// docs/solution.md): building a table is `pnpm solve`; other packages read one through openSolution.
// The browser reads format 2 through `@fg/solver/compact` (no Node APIs).
export { compactPath, solutionDir, tableFolder, tablePath } from './dir.js';
export type { CompactHeader, SolutionHeader, TableHeader, TierSummary } from './header.js';
export { openSolution, openSolutionFile, type Solution, type TableSolution, type Verdict } from './lookup.js';
export { openWdlSolution, type Outcome, type WdlSolution, type WdlVerdict } from './sideways/lookup.js';
export { fastestWins, type WinProgress } from './sideways/progress.js';
export { buildTable, type Progress } from './solve.js';
export type { SolveSummary } from './summary.js';
