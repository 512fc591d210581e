// The computer player of Fox and Geese: pure TypeScript on @fg/rules, for Node and browser workers.
export { Analysis } from './analysis.js';
export { chooseMove, chooseMoveForRecord, evaluateGame } from './choose.js';
export { EvalCache, EvalScratch, evaluate } from './evaluate.js';
export { randomIndex, seededRandom } from './random.js';
export { DECIDED, Searcher } from './search.js';
export { SearchState } from './state.js';
export { TranspositionTable } from './table.js';
