// The solver of standard Fox and Geese, without sideways moves and with them (docs/rules.md section 10,
// docs/solution.md): building a table is `pnpm solve`; other packages read one through openSolution.
// The browser reads format 2 through `@fg/solver/compact` (no Node APIs).
export { compactPath, solutionDir, tableFolder, tablePath } from './dir.js';
export { openSolution, type Solution, type TableSolution, type Verdict } from './lookup.js';
export { openWdlSolution, type WdlSolution, type WdlVerdict } from './sideways/lookup.js';
export { fastestWins } from './sideways/progress.js';
export { buildTable } from './solve.js';
