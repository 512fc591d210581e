// The computer player of Fox and Geese: pure TypeScript on @fg/rules, for Node and browser workers.
export { Analysis, ANALYSIS_MAX_DEPTH, type AnalysisLine, type OtherLine } from './analysis.js';
export {
  type Assessment,
  type Choice,
  chooseMove,
  chooseMoveForRecord,
  evaluateGame,
  searchStateOf,
  type ThinkOptions,
} from './choose.js';
export { type EvalParts, evalParts, EvalScratch, evaluate } from './evaluate.js';
export { type Level, LEVELS, levelSettings, MAX_LEVEL, MIN_LEVEL } from './levels.js';
export { type Random, randomIndex, seededRandom } from './random.js';
export { DECIDED, Searcher, type SearchLimits, type SearchOutcome, WIN } from './search.js';
export { SearchState } from './state.js';
export { TranspositionTable } from './table.js';
