// The engine's public face: choose a move for a game at a level, and assess a position (for
// answering draw offers). Synchronous and pure apart from the clock, so a worker thread or a
// browser worker can call it directly.
import {
  type Game,
  type GameRecord,
  makeMoveText,
  ok,
  opponent,
  replayRecord,
  type Result,
  type Side,
} from '@fg/rules';

import type { EvalCache } from './evaluate.js';
import { type FallibleChoice, fallibleChoice } from './fallible.js';
import { levelSettings } from './levels.js';
import { type Random, randomIndex, seededRandom } from './random.js';
import { DECIDED, Searcher, type SearchOutcome, WIN } from './search.js';
import { SearchState } from './state.js';
import { TranspositionTable } from './table.js';

/** How to think about one move. */
export interface ThinkOptions {
  readonly level: number; // 1-8
  readonly timeMs?: number; // at most this long (default: the level's time)
  readonly seed?: number; // for the level's chosen mistakes; the same seed, the same choices
  readonly signal?: { readonly aborted: boolean }; // an AbortSignal: aborting stops the search, the best move so far is returned
  readonly evals?: EvalCache; // evaluations shared with other searches (the same move, found sooner)
  readonly stopFlag?: Int32Array; // over a SharedArrayBuffer: element 0 set non-zero stops the search (from another thread)
}

/** The engine's answer. */
export interface Choice {
  readonly path: number[]; // point indices, as playPath takes them
  readonly points: string[]; // point names, as the protocol sends a move
  readonly move: string; // move text: 'd4-d5', 'd4xd6xf6'
  readonly score: number; // the mover's view: a goose is 100; beyond ±999000 the game is decided
  readonly winsIn: number | null; // the mover wins in this many of its own moves, at most, whatever the reply
  readonly losesIn: number | null; // the opponent can win in this many of its moves, however the mover plays
  readonly depth: number; // the deepest search completed (plies)
  readonly nodes: number; // positions searched
  readonly ms: number; // time taken
}

/** Builds the search position from a game, its history included so repetition counts right. */
export function searchStateOf(game: Game): SearchState {
  const state = new SearchState(game.variant, game.start);
  for (const path of game.moves) state.makePoints(path, 0, path.length);
  return state;
}

/** "wins in N" / "loses in N" from a root score: N counts the deciding side's moves. */
function decided(score: number): Pick<Choice, 'winsIn' | 'losesIn'> {
  if (score >= DECIDED) return { winsIn: Math.ceil((WIN - score) / 2), losesIn: null };
  if (score <= -DECIDED) return { winsIn: null, losesIn: Math.ceil((WIN + score) / 2) };
  return { winsIn: null, losesIn: null };
}

const tables = new Map<number, TranspositionTable>();

/** A cleared table of 2^bits slots, reused across moves so that no move pays for allocating one. */
function clearedTable(bits: number): TranspositionTable {
  let table = tables.get(bits);
  if (!table) {
    table = new TranspositionTable(bits);
    tables.set(bits, table);
  }
  table.clear();
  return table;
}

/** What one search may spend. */
interface Budget {
  readonly maxDepth: number;
  readonly maxNodes: number;
  readonly timeMs: number;
  readonly tableBits: number;
  readonly contempt?: number; // none: a draw scores 0
  readonly fallible: number; // the average reply's weight when losing (0: plain minimax throughout)
}

/** A new iteration takes a few times the last one: none starts after this share of the time. */
const SOFT_SHARE = 0.55;
/** A side this far behind (or proven lost) plays for the opponent's mistakes (see fallible.ts). */
const LOSING = 800;

/** The search's outcome, and the fallible-opponent choice when the side to move is losing. */
interface Thought {
  readonly outcome: SearchOutcome;
  readonly fallible: FallibleChoice | null;
  readonly ms: number;
}

/** Runs the level's search on a game that has not ended. */
function think(game: Game, budget: Budget, options: ThinkOptions, exactRoot: boolean): Thought {
  if (game.result) throw new RangeError(`the game is over (${game.result.winner ?? 'draw'} ${game.result.reason})`);
  const started = Date.now();
  const state = searchStateOf(game);
  const searcher = new Searcher(state, clearedTable(budget.tableBits), options.evals ?? null);
  const { signal, stopFlag } = options;
  const base = {
    maxDepth: budget.maxDepth,
    maxNodes: budget.maxNodes,
    contempt: budget.contempt,
    stop:
      signal || stopFlag
        ? () => Boolean(signal?.aborted) || (stopFlag ? Atomics.load(stopFlag, 0) !== 0 : false)
        : undefined,
    exactRoot,
  };
  const until = (share: number): number => started + budget.timeMs * share;
  const done = (outcome: SearchOutcome, fallible: FallibleChoice | null = null): Thought => ({
    outcome,
    fallible,
    ms: Date.now() - started,
  });
  if (budget.fallible === 0)
    return done(searcher.run({ ...base, deadline: until(1), softDeadline: until(SOFT_SHARE) }));
  // Half the time tells whether the side is losing; then either the rest goes on the same search
  // (the table makes the repeated iterations cheap), or on the fallible-opponent search.
  const first = searcher.run({ ...base, deadline: until(0.5), softDeadline: until(SOFT_SHARE / 2) });
  if (first.score > -LOSING) {
    const second = searcher.run({ ...base, deadline: until(1), softDeadline: until(SOFT_SHARE) });
    const deeper = second.depth >= first.depth ? second : first;
    return done({ ...deeper, nodes: first.nodes + second.nodes });
  }
  const limits = { ...base, deadline: until(1), softDeadline: until(0.5 + SOFT_SHARE / 2) };
  const fallible = fallibleChoice(searcher, state, limits, budget.fallible);
  return done({ ...first, nodes: first.nodes + searcher.nodes }, fallible);
}

/** Picks the level's move: the best, or on purpose a near-best one (low levels). */
function pick(outcome: SearchOutcome, noise: number, mistake: number, random: Random): number {
  const { rootScores, moves } = outcome;
  if (noise === 0 && mistake === 0) return outcome.best;
  const ranked = Array.from({ length: moves.count }, (_, i) => i).sort(
    (a, b) => rootScores[b]! - rootScores[a]! || a - b,
  );
  if (ranked.length > 1 && random() < mistake) return ranked[1 + randomIndex(random, Math.min(3, ranked.length - 1))]!;
  let best = ranked[0]!;
  let bestValue = -Infinity;
  for (const i of ranked) {
    const value = rootScores[i]! + (random() * 2 - 1) * noise;
    if (value > bestValue) {
      bestValue = value;
      best = i;
    }
  }
  return best;
}

/** Chooses a move for the side to move of a game that has not ended, at a level 1-8. */
export function chooseMove(game: Game, options: ThinkOptions): Choice {
  const level = levelSettings(options.level);
  const timeMs = Math.min(options.timeMs ?? level.timeMs, level.timeMs);
  const erring = level.noise > 0 || level.mistake > 0;
  const { outcome, fallible, ms } = think(game, { ...level, timeMs }, options, erring);
  const random = seededRandom(options.seed ?? (Math.random() * 2 ** 32) >>> 0);
  // Lost by force against perfect play: play on as the deepest search that still saw hope did,
  // which keeps the position's qualities (a compact wall, few fox squares) for a fallible opponent
  // to go wrong against, rather than whichever move loses slowest.
  const chosen =
    fallible?.best ?? (outcome.hopeful >= 0 ? outcome.hopeful : pick(outcome, level.noise, level.mistake, random));
  const path = outcome.moves.path(chosen);
  // The position's value as the main search proved it, whichever move the losing side plays.
  const score =
    chosen === outcome.best || chosen === outcome.hopeful || fallible ? outcome.score : outcome.rootScores[chosen]!;
  const { board } = game.variant;
  return {
    path,
    points: path.map((p) => board.points[p]!.name),
    move: makeMoveText(board, path),
    score,
    ...decided(score),
    depth: outcome.depth,
    nodes: outcome.nodes,
    ms,
  };
}

/** A position's assessment, as a draw offer needs it. */
export interface Assessment {
  readonly score: number; // the side to move's view
  readonly foxScore: number; // the fox side's view
  readonly winner: Side | null; // the side that wins by force, when the search saw it
  readonly winsIn: number | null;
  readonly losesIn: number | null;
  readonly depth: number;
  readonly best: string | null; // the search's move (move text), null when it has none
}

/** Assesses a game that has not ended with a short search (default 300 ms). */
export function evaluateGame(game: Game, options: { timeMs?: number; maxDepth?: number } = {}): Assessment {
  const budget = {
    maxDepth: options.maxDepth ?? 64,
    maxNodes: Infinity,
    timeMs: options.timeMs ?? 300,
    tableBits: 18,
    fallible: 0,
  };
  const { outcome } = think(game, budget, { level: 8 }, false);
  const { score } = outcome;
  const mover = game.position.turn;
  const other = opponent(mover);
  return {
    score,
    foxScore: mover === 'fox' ? score : -score,
    winner: score >= DECIDED ? mover : score <= -DECIDED ? other : null,
    ...decided(score),
    depth: outcome.depth,
    best: outcome.moves.count > 0 ? makeMoveText(game.variant.board, outcome.moves.path(outcome.best)) : null,
  };
}

/**
 * chooseMove for a game sent as a record (variant, options, start, move texts): the form a
 * worker thread receives, since a Game holds functions and cannot be posted. A record that does
 * not replay gives the rules' error; a finished game gives `game-over`.
 */
export function chooseMoveForRecord(record: GameRecord, options: ThinkOptions): Result<Choice> {
  const game = replayRecord(record);
  if (!game.ok) return game;
  if (game.value.result) return { ok: false, error: { code: 'game-over', message: 'the game is over' } };
  return ok(chooseMove(game.value, options));
}
