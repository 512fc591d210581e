// The solver of standard Fox and Geese, without sideways moves and with them (docs/rules.md section 10,
// docs/solution.md): building a table is `pnpm solve`; other packages read one through openSolution.
export { solutionDir, tableFolder, tablePath } from './dir.js';
export { openSolution, type Solution, type TableSolution, type Verdict } from './lookup.js';
export { openWdlSolution, type Outcome, type WdlSolution, type WdlVerdict } from './sideways/lookup.js';
export { fastestWins, type WinProgress } from './sideways/progress.js';
export { buildTable, type Progress } from './solve.js';
export type { SolveSummary } from './summary.js';
export type { TableHeader, TierSummary } from './table-file.js';
