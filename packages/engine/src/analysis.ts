// Analysis of one position for the analysis board: the search deepened one ply at a time under
// deadlines the caller sets (a worker yields between them to hear of a new position), with the
// best line read back from the transposition table after each completed depth; asked for more
// lines, every root move is scored exactly and the next best moves' lines are read back too.
import { type Game, listMoves, makeMoveText, MoveList, opponent, type Side } from '@fg/rules';

import { searchStateOf } from './choose.js';
import { DECIDED, Searcher, WIN } from './search.js';
import type { SearchState } from './state.js';
import { TranspositionTable } from './table.js';

/** What one completed depth says about the position. */
export interface AnalysisLine {
  readonly depth: number; // plies searched
  readonly foxScore: number; // the fox side's view: a goose is 100; beyond ±999000 decided
  readonly winner: Side | null; // the side that wins by force, when the search proved it
  readonly winsIn: number | null; // the winner's moves to the win, when proven
  readonly line: readonly string[]; // the best line, move text: ['d4-d5', 'c3-c4']
  readonly nodes: number; // positions searched for this depth
  readonly others: readonly OtherLine[]; // the next best root moves' lines, best first (empty unless asked for)
}

/** Another root move's line at the same depth, scored as the best one is. */
export interface OtherLine {
  readonly foxScore: number;
  readonly winner: Side | null;
  readonly winsIn: number | null;
  readonly line: readonly string[];
}

/** The deepest search the board asks for: beyond it the evaluation no longer changes in practice. */
const ANALYSIS_MAX_DEPTH = 40;

/** The moves of the table's best line from the current position, played and taken back. */
function tableLine(state: SearchState, table: TranspositionTable, first: number[], limit: number): number[][] {
  const line: number[][] = [first];
  state.makePoints(first, 0, first.length);
  let made = 1;
  const list = new MoveList();
  while (line.length < limit && state.materialWinner() === 0 && state.occurrences() < 3) {
    const slot = table.find(state.lo, state.hi);
    if (slot < 0) break;
    listMoves(state.tables, state.cells, state.foxTurn, list);
    const i = table.move(slot);
    if (list.count === 0 || i >= list.count) break;
    const path = list.path(i);
    line.push(path);
    state.makePoints(path, 0, path.length);
    made++;
  }
  for (; made > 0; made--) state.unmake();
  return line;
}

/** A position under analysis: call `deepen` until `done`. */
export class Analysis {
  private readonly state: SearchState;
  private readonly searcher: Searcher;
  private readonly foxToMove: boolean;
  private depth = 0;
  private proven = false;

  /** `lines`: how many lines each depth gives (the best, then the next best root moves'). */
  constructor(
    private readonly game: Game,
    tableBits = 20,
    private readonly lines = 1,
  ) {
    if (game.result) throw new RangeError('the game is over: nothing to analyse');
    this.state = searchStateOf(game);
    this.searcher = new Searcher(this.state, new TranspositionTable(tableBits));
    this.foxToMove = game.position.turn === 'fox';
  }

  /** Whether deeper searches would say no more (a proven result, or the depth limit). */
  get done(): boolean {
    return this.proven || this.depth >= ANALYSIS_MAX_DEPTH;
  }

  /**
   * Searches one ply deeper than the last completed depth, stopping at `deadline` (a Date.now()
   * value). A search cut short gives null; calling again resumes cheaply, as the table keeps its work.
   */
  deepen(deadline: number, stop?: () => boolean): AnalysisLine | null {
    const d = this.depth + 1;
    // More lines need every root move's exact score; the best line alone takes the faster null-window search.
    const exactRoot = this.lines > 1;
    const outcome = this.searcher.run({ maxDepth: d, deadline, exactRoot, ...(stop ? { stop } : {}) });
    if (outcome.depth < d) return null;
    this.depth = d;
    const best = this.lineOf(outcome.moves.path(outcome.best), outcome.score);
    if (best.decided) this.proven = true;
    const others = exactRoot
      ? Array.from({ length: outcome.moves.count }, (_, i) => i)
          .filter((i) => i !== outcome.best)
          .sort((a, b) => outcome.rootScores[b]! - outcome.rootScores[a]! || a - b)
          .slice(0, this.lines - 1)
          .map((i) => {
            const { foxScore, winner, winsIn, line } = this.lineOf(outcome.moves.path(i), outcome.rootScores[i]!);
            return { foxScore, winner, winsIn, line };
          })
      : [];
    const { foxScore, winner, winsIn, line } = best;
    return { depth: this.depth, foxScore, winner, winsIn, line, nodes: outcome.nodes, others };
  }

  /** The line that starts with root move `first`, worth `score` from the side to move's view. */
  private lineOf(first: number[], score: number): OtherLine & { decided: boolean } {
    const decided = Math.abs(score) >= DECIDED;
    const foxScore = this.foxToMove ? score : -score;
    const mover: Side = this.foxToMove ? 'fox' : 'geese';
    const winner: Side | null = !decided ? null : score > 0 ? mover : opponent(mover);
    // Plies to the end, counted in the winner's moves: a win on the winner's third move is 5 or 6 plies away.
    const plies = WIN - Math.abs(score);
    const winsIn = decided ? Math.ceil(plies / 2) : null;
    const { board } = this.game.variant;
    const limit = decided ? plies : Math.max(1, this.depth);
    const line = tableLine(this.state, this.searcher.table, first, limit).map((p) => makeMoveText(board, p));
    return { decided, foxScore, winner, winsIn, line };
  }
}
