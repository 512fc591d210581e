// Iterative-deepening negamax alpha-beta (principal variation search) over SearchState, with a
// transposition table, captures first then killer and history ordering, a quiescence search
// that plays out the fox's captures, and the rules' endings: material, no move, threefold
// repetition and the fifty-move rule.
import { FOX, listMoves, MoveList, QUIET_LIMIT } from '@fg/rules';

import { type EvalCache, EvalScratch, evaluate, startValue } from './evaluate.js';
import type { SearchState } from './state.js';
import { EXACT, LOWER, TranspositionTable, UPPER } from './table.js';

/** The score of a won game, less the plies it takes: WIN - 3 wins with the third ply from here. */
export const WIN = 1_000_000;
const INF = 2_000_000;
const MAX_PLY = 120;
/** Scores beyond this are wins or losses in a known number of plies. */
export const DECIDED = WIN - 1000;

/** What bounds one search. */
export interface SearchLimits {
  readonly maxDepth: number;
  readonly deadline: number; // Date.now() value after which the search stops at once (the hard limit)
  readonly softDeadline?: number; // no new iteration starts after this (it could not finish before the deadline)
  readonly maxNodes?: number; // the search stops after this many positions (a deterministic budget)
  readonly contempt?: number; // a draw is worth this much less to the root's side than the variant's start: it plays on unless behind
  readonly stop?: () => boolean; // asked now and then; true stops the search
  readonly exactRoot?: boolean; // score every root move with a full window (for levels that err on purpose)
}

/** A finished search: the root moves (in generator order) with the scores of the deepest complete iteration. */
export interface SearchOutcome {
  readonly moves: MoveList;
  readonly best: number; // index of the best move
  readonly score: number; // side to move's view
  readonly rootScores: Int32Array; // per root move; exact only with exactRoot, else bounds
  readonly depth: number; // the deepest iteration completed
  readonly nodes: number;
  readonly hopeful: number; // when the search proved a loss: the best move of the deepest iteration that had not (else -1)
}

/** Thrown through the search when a limit is reached. */
export class StopSignal extends Error {}

/** Plays out searches from one SearchState; reusable across moves of a game. */
export class Searcher {
  readonly table: TranspositionTable;
  nodes = 0;
  private readonly state: SearchState;
  private readonly scratch: EvalScratch;
  private readonly lists: MoveList[] = [];
  private readonly order: Float64Array[] = [];
  private readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly history: Int32Array;
  private limits: SearchLimits = { maxDepth: 1, deadline: Infinity };
  private maxNodes = Infinity;
  private rootFox = true;
  private rootDraw = 0; // a draw's score for the root's side
  private readonly evals: EvalCache | null;

  constructor(state: SearchState, table = new TranspositionTable(), evals: EvalCache | null = null) {
    this.state = state;
    this.table = table;
    this.evals = evals;
    this.scratch = new EvalScratch(state.tables.size);
    this.history = new Int32Array(state.tables.size * state.tables.size);
    for (let i = 0; i <= MAX_PLY + 1; i++) {
      this.lists.push(new MoveList());
      this.order.push(new Float64Array(64));
    }
  }

  /** Starts a search from the current position under these limits (run does this itself). */
  begin(limits: SearchLimits): void {
    this.limits = limits;
    this.maxNodes = limits.maxNodes ?? Infinity;
    this.rootFox = this.state.foxTurn;
    const even = startValue(this.state.variant);
    this.rootDraw = limits.contempt === undefined ? 0 : (this.rootFox ? even : -even) - limits.contempt;
    this.nodes = 0;
    this.killers.fill(0);
    this.history.fill(0);
  }

  /** The exact value of the current position, `ply` plies below the root, searched `depth` plies; throws a StopSignal at a limit. */
  value(depth: number, ply: number): number {
    return this.node(depth, -INF, INF, ply);
  }

  /** Searches the root position deeper and deeper until a limit or a proven result. */
  run(limits: SearchLimits): SearchOutcome {
    this.begin(limits);
    const s = this.state;
    const rootPly = s.ply;
    const moves = new MoveList();
    listMoves(s.tables, s.cells, s.foxTurn, moves);
    const rootScores = new Int32Array(moves.count);
    const rank = Array.from({ length: moves.count }, (_, i) => i);
    let best = 0;
    let score = 0;
    let depth = 0;
    let hopeful = -1;
    for (let d = 1; d <= limits.maxDepth; d++) {
      if (d > 1 && limits.softDeadline !== undefined && Date.now() > limits.softDeadline) break;
      const scores = new Int32Array(moves.count).fill(-INF);
      let bestNow = -1;
      let alpha = -INF;
      try {
        for (const i of rank) {
          s.make(moves, i);
          let v: number;
          if (limits.exactRoot || bestNow < 0) {
            v = -this.node(d - 1, -INF, limits.exactRoot ? INF : -alpha, 1);
          } else {
            v = -this.node(d - 1, -alpha - 1, -alpha, 1);
            if (v > alpha) v = -this.node(d - 1, -INF, -alpha, 1);
          }
          s.unmake();
          scores[i] = v;
          if (v > alpha || bestNow < 0) {
            alpha = Math.max(alpha, v);
            bestNow = i;
          }
        }
      } catch (e) {
        if (!(e instanceof StopSignal)) throw e;
        while (s.ply > rootPly) s.unmake();
        // A move that beat the previous best in full is better evidence than the older iteration.
        if (bestNow >= 0 && (depth === 0 || bestNow !== rank[0])) {
          best = bestNow;
          score = alpha;
        }
        break;
      }
      best = bestNow;
      score = alpha;
      depth = d;
      if (score > -DECIDED) hopeful = best;
      rootScores.set(scores);
      rank.sort((a, b) => scores[b]! - scores[a]! || a - b);
      if (Math.abs(score) >= DECIDED && WIN - Math.abs(score) <= d) break; // proven: deeper cannot shorten it
      if (moves.count === 1 && d >= 2) break;
    }
    if (score > -DECIDED) hopeful = -1;
    return { moves, best, score, rootScores, depth, nodes: this.nodes, hopeful };
  }

  private checkStop(): void {
    if (Date.now() > this.limits.deadline || this.limits.stop?.()) throw new StopSignal();
  }

  /** A draw by repetition or the fifty-move rule, from the side to move's view (see contempt). */
  draw(): number {
    return this.state.foxTurn === this.rootFox ? this.rootDraw : -this.rootDraw;
  }

  /** Negamax from the side to move's view; the moves of this node are listed into lists[ply]. */
  private node(depth: number, alpha: number, beta: number, ply: number): number {
    const s = this.state;
    if ((++this.nodes & 255) === 0) this.checkStop();
    if (this.nodes >= this.maxNodes) throw new StopSignal();
    const winner = s.materialWinner();
    if (winner !== 0) return (winner === FOX) === s.foxTurn ? WIN - ply : -(WIN - ply);
    const list = this.lists[ply]!;
    listMoves(s.tables, s.cells, s.foxTurn, list);
    if (list.count === 0) return -(WIN - ply);
    if (s.occurrences() >= 3 || s.quiet >= QUIET_LIMIT) return this.draw();
    if (depth <= 0 || ply >= MAX_PLY) return this.quiesce(alpha, beta, ply, list);

    const slot = this.table.find(s.lo, s.hi);
    let ttMove = -1;
    if (slot >= 0) {
      ttMove = this.table.move(slot);
      if (this.table.depth(slot) >= depth) {
        const v = fromTable(this.table.score(slot), ply);
        const flag = this.table.flag(slot);
        if (flag === EXACT || (flag === LOWER && v >= beta) || (flag === UPPER && v <= alpha)) return v;
      }
    }
    const order = this.scoreMoves(list, ply, ttMove);
    const alphaIn = alpha;
    let best = -INF;
    let bestMove = 0;
    for (let n = 0; n < list.count; n++) {
      const i = pickNext(order, list.count);
      s.make(list, i);
      let v: number;
      if (n === 0) {
        v = -this.node(depth - 1, -beta, -alpha, ply + 1);
      } else {
        v = -this.node(depth - 1, -alpha - 1, -alpha, ply + 1);
        if (v > alpha && v < beta) v = -this.node(depth - 1, -beta, -alpha, ply + 1);
      }
      s.unmake();
      if (v > best) {
        best = v;
        bestMove = i;
      }
      if (v > alpha) alpha = v;
      if (alpha >= beta) {
        if (list.length(i) === 2 && !this.isCapture(list, i)) this.rememberCutoff(list, i, ply, depth);
        break;
      }
    }
    const flag = best <= alphaIn ? UPPER : best >= beta ? LOWER : EXACT;
    this.table.store(s.lo, s.hi, depth, flag, toTable(best, ply), bestMove);
    return best;
  }

  /** The end of the main search: the fox plays out its captures; otherwise the evaluation stands. */
  private quiesce(alpha: number, beta: number, ply: number, list: MoveList): number {
    const s = this.state;
    let captures = 0;
    if (s.foxTurn) for (let i = 0; i < list.count; i++) if (this.isCapture(list, i)) captures++;
    const forced = captures > 0 && s.tables.mandatory;
    let best = -INF;
    if (!forced) {
      best = this.evals ? this.evals.evaluate(s, this.scratch) : evaluate(s, this.scratch);
      if (best >= beta || captures === 0 || ply >= MAX_PLY) return best;
      if (best > alpha) alpha = best;
    }
    const order = this.scoreMoves(list, ply, -1);
    for (let n = 0; n < list.count; n++) {
      const i = pickNext(order, list.count);
      if (!this.isCapture(list, i)) break; // captures are ordered first
      s.make(list, i);
      const v = -this.node(0, -beta, -alpha, ply + 1);
      s.unmake();
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }

  private isCapture(list: MoveList, i: number): boolean {
    const start = list.start(i);
    const { between, size } = this.state.tables;
    return between[list.points[start]! * size + list.points[start + 1]!]! >= 0;
  }

  /** Ordering keys: the table's move, then captures (longer first), killers, then history. */
  private scoreMoves(list: MoveList, ply: number, ttMove: number): Float64Array {
    if (this.order[ply]!.length < list.count) this.order[ply] = new Float64Array(list.count * 2);
    const order = this.order[ply]!;
    const size = this.state.tables.size;
    const k1 = this.killers[ply * 2]!;
    const k2 = this.killers[ply * 2 + 1]!;
    for (let i = 0; i < list.count; i++) {
      const start = list.start(i);
      const from = list.points[start]!;
      const to = list.points[list.ends[i]! - 1]!;
      let key: number;
      if (i === ttMove) key = 4e9;
      else if (this.isCapture(list, i)) key = 3e9 + list.length(i) * 1e6;
      else if (from * 64 + to + 1 === k1 || from * 64 + to + 1 === k2) key = 2e9;
      else key = this.history[from * size + to]!;
      order[i] = key;
    }
    return order;
  }

  private rememberCutoff(list: MoveList, i: number, ply: number, depth: number): void {
    const start = list.start(i);
    const from = list.points[start]!;
    const to = list.points[start + 1]!;
    const killer = from * 64 + to + 1;
    if (this.killers[ply * 2] !== killer) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2]!;
      this.killers[ply * 2] = killer;
    }
    const h = from * this.state.tables.size + to;
    this.history[h] = Math.min(1e9, this.history[h]! + depth * depth);
  }
}

/** Picks the best move left by ordering key (one selection-sort step), marking it taken. */
function pickNext(order: Float64Array, count: number): number {
  let bestIndex = -1;
  let bestKey = -Infinity;
  for (let i = 0; i < count; i++) {
    const key = order[i]!;
    if (key > bestKey) {
      bestKey = key;
      bestIndex = i;
    }
  }
  order[bestIndex] = -Infinity;
  return bestIndex;
}

/** A win or loss stored relative to the node, so it reads right at any ply. */
function toTable(score: number, ply: number): number {
  if (score >= DECIDED) return score + ply;
  if (score <= -DECIDED) return score - ply;
  return score;
}

function fromTable(score: number, ply: number): number {
  if (score >= DECIDED) return score - ply;
  if (score <= -DECIDED) return score + ply;
  return score;
}
