// Players and one game between them, for the strength bench: a level of the engine, a random
// legal mover and a one-ply greedy player, all seeded so a game can be replayed.
import { FOX, type Game, getVariant, GOOSE, makeMoveText, newGame, type Outcome, playPath, type Side } from '@fg/rules';

import { chooseMove } from '../src/choose.js';
import { EvalScratch, evaluate } from '../src/evaluate.js';
import { levelSettings } from '../src/levels.js';
import { type Random, randomIndex, seededRandom } from '../src/random.js';
import { SearchState } from '../src/state.js';

/** Who plays a side. */
export type PlayerSpec = { kind: 'level'; level: number } | { kind: 'random' } | { kind: 'greedy' };

/** One game to play. */
export interface GameJob {
  readonly variant: string;
  readonly options?: Readonly<Record<string, unknown>>; // the variant's options (defaults when absent)
  readonly fox: PlayerSpec;
  readonly geese: PlayerSpec;
  readonly seed: number; // the opening and every chance choice
  readonly openingPlies: number; // random plies played first, so repeated pairings differ
  readonly timeScale: number; // levels think this share of their time (1 in the full bench)
  readonly maxPlies: number; // a game still going after this many plies is scored a draw
}

/** How a game ended and how long each side thought at most. */
export interface GameResult {
  readonly winner: Side | null;
  readonly reason: string; // a rules reason, or 'ply-cap'
  readonly plies: number;
  readonly maxMs: Readonly<Record<Side, number>>;
  readonly moves: readonly string[]; // the game's move texts, to replay a game worth a look
}

/** The one-ply greedy player: an immediate win if there is one, else the move the evaluation likes best. */
function greedyMove(game: Game, random: Random): readonly number[] {
  const state = new SearchState(game.variant, game.position);
  const scratch = new EvalScratch(state.tables.size);
  const mover = state.foxTurn ? FOX : GOOSE;
  let best: readonly number[] = game.legal[0]!;
  let bestValue = -Infinity;
  for (const path of game.legal) {
    state.makePoints(path, 0, path.length);
    const winner = state.materialWinner();
    const value = winner === mover ? Infinity : -evaluate(state, scratch) + random();
    state.unmake();
    if (value > bestValue) {
      bestValue = value;
      best = path;
    }
  }
  return best;
}

/** The path a player chooses. */
function move(spec: PlayerSpec, game: Game, random: Random, timeScale: number): readonly number[] {
  if (spec.kind === 'random') return game.legal[randomIndex(random, game.legal.length)]!;
  if (spec.kind === 'greedy') return greedyMove(game, random);
  const timeMs = Math.max(20, Math.round(levelSettings(spec.level).timeMs * timeScale));
  return chooseMove(game, { level: spec.level, timeMs, seed: (random() * 2 ** 32) >>> 0 }).path;
}

/** Plays one game to its end (or the ply cap). */
export function playGame(job: GameJob): GameResult {
  const variant = getVariant(job.variant, job.options ?? {});
  if (!variant.ok) throw new Error(variant.error.message);
  const random = seededRandom(job.seed);
  let game = newGame(variant.value);
  const maxMs: Record<Side, number> = { fox: 0, geese: 0 };
  let plies = 0;
  const moves: string[] = [];
  while (!game.result && plies < job.maxPlies) {
    const side = game.position.turn;
    const started = Date.now();
    const path =
      plies < job.openingPlies
        ? game.legal[randomIndex(random, game.legal.length)]!
        : move(job[side], game, random, job.timeScale);
    if (plies >= job.openingPlies) maxMs[side] = Math.max(maxMs[side], Date.now() - started);
    moves.push(makeMoveText(game.variant.board, path));
    const next = playPath(game, path);
    if (!next.ok) throw new Error(`illegal move from a player: ${next.error.message}`);
    game = next.value;
    plies++;
  }
  const result: Outcome | null = game.result;
  return { winner: result?.winner ?? null, reason: result?.reason ?? 'ply-cap', plies, maxMs, moves };
}
