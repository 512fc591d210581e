// `pnpm puzzles build`: positions of finished games stored on the server, then those around the puzzles already
// stored, then of self-play, then random endgame starts (for the puzzles of 8 geese or fewer), each made into a
// puzzle where it is one (packages/puzzles), new ones stored after every game, puzzle looked around or batch of
// starts; then level 8 tries the first move of each stored puzzle not tried yet. Resumable: the progress (games
// read, self-play games played, endgame starts made, the wall time) is saved in the store with the puzzles, so the
// same command run again goes on from there.
import type { Candidate, Puzzle, Rejected } from '@fg/puzzles';
import {
  canonicalKey,
  ENDGAME_GEESE,
  endgameStart,
  graded,
  level8Misses,
  makePuzzle,
  puzzleId,
  selfPlayGame,
  withAlternatives,
  wonLineSteps,
} from '@fg/puzzles';
import { countGeese, newGame, parsePosition, playMoveText, type Position, type Side, type Variant } from '@fg/rules';
import type { Solution } from '@fg/solver';

import type { PuzzleStore } from '../puzzle-store.js';
import type { GameReader, StoredGame } from './stored-games.js';

/** What a build is asked. */
export interface BuildOptions {
  readonly count: number; // puzzles wanted per side: positions of a side that has them are no longer looked at
  readonly games?: number; // self-play games this run at most (default: until both sides have `count`)
  readonly endgame?: number; // puzzles of 8 geese or fewer wanted per side, from endgame starts (default 0)
  readonly endgameStarts?: number; // endgame starts this run at most (default: until both sides have `endgame`)
  readonly grade?: boolean; // level 8 tries each puzzle (default true)
  readonly log?: (line: string) => void;
  readonly logEveryMs?: number; // how often a progress line is printed (default 15 s)
}

/** The saved progress of a build. */
interface Progress {
  storedAfter: string; // the id of the last stored game read
  nearAfter: string; // the id of the last stored puzzle looked around
  selfPlay: number; // the next self-play game's number
  endgame: number; // the next endgame start's number
  games: number; // games read so far, both sources
  positions: number;
  rejected: Record<string, number>;
  wallMs: number; // over every run
}

/** What a build did. */
export interface BuildReport {
  readonly bySide: Readonly<Record<Side, number>>;
  readonly added: number; // new this run
  readonly graded: number; // tried by level 8 this run
  readonly progress: Progress;
}

/** Turns of the side to move's won lines followed from a position it wins (each turn: a keeping move and a reply). */
const WON_LINE_TURNS = 1;
/** Turns followed down the won lines of each puzzle found (the fox's puzzles are found near each other). */
const PUZZLE_LINE_TURNS = 3;
/** Positions one game may add by following won lines (a won line branches fast: this bounds a game's time). */
const WON_LINE_POSITIONS = 20_000;
/** Endgame starts looked at together (the progress is saved after each batch). */
const ENDGAME_BATCH = 200;
/** Endgame starts made at most over all runs: a side whose endgame puzzles are that rare is left short (and said). */
const ENDGAME_STARTS = 2_000_000;

const EMPTY: Progress = {
  storedAfter: '',
  nearAfter: '',
  selfPlay: 0,
  endgame: 0,
  games: 0,
  positions: 0,
  rejected: {},
  wallMs: 0,
};

/** Builds puzzles for the solution's geese count into the store. */
export async function buildPuzzles(
  store: PuzzleStore,
  solution: Solution,
  variant: Variant,
  games: GameReader,
  options: BuildOptions,
): Promise<BuildReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const name = `build:standard-${solution.geese}`;
  const saved = await store.progress(name);
  const progress: Progress = saved ? { ...EMPTY, ...(JSON.parse(saved) as Partial<Progress>) } : { ...EMPTY };
  const wallBefore = progress.wallMs;
  const save = (): Promise<void> => {
    progress.wallMs = wallBefore + (Date.now() - started);
    return store.saveProgress(name, JSON.stringify(progress));
  };

  // The puzzles already stored: their ids (a position or its mirror is never made twice) and counts.
  const known = new Set<string>();
  const bySide: Record<Side, number> = { fox: 0, geese: 0 };
  const endgames: Record<Side, number> = { fox: 0, geese: 0 }; // the puzzles of 8 geese or fewer, by side
  for await (const puzzle of everyPuzzle(store, solution.geese)) {
    known.add(puzzle.id);
    bySide[puzzle.side]++;
    if (puzzle.themes.includes('endgame')) endgames[puzzle.side]++;
  }
  const tried = new Set<string>(); // canonical keys looked at this run (common openings come again and again)
  let added = 0;
  let lastLog = Date.now();
  const full = (side: Side): boolean => bySide[side] >= options.count;
  const endgameFull = (side: Side): boolean => endgames[side] >= (options.endgame ?? 0);
  const line = (): string =>
    `games ${progress.games} (self-play next #${progress.selfPlay}) | positions ${progress.positions} | ` +
    `puzzles fox ${bySide.fox} geese ${bySide.geese} | endgame fox ${endgames.fox} geese ${endgames.geese} ` +
    `(start next #${progress.endgame}) | rejected ${JSON.stringify(progress.rejected)} | ` +
    `${((wallBefore + Date.now() - started) / 60_000).toFixed(1)} min in all`;
  log(`start: ${line()}`);

  /** Looks at every position of one game (those of a side `wanted`); stores its new puzzles. */
  const take = async (
    candidates: Iterable<Candidate>,
    wanted: (side: Side, position: Position) => boolean = (side) => !full(side),
  ): Promise<void> => {
    const found: Puzzle[] = [];
    // The game's positions and those one move away; then, from each the geese win, their won lines.
    const queue = [...candidates].flatMap((c) => [...withAlternatives(variant, c)]);
    const depth = new Array<number>(queue.length).fill(0);
    const base = queue.length;
    for (let i = 0; i < queue.length; i++) {
      const candidate = queue[i]!;
      progress.positions++;
      const side = candidate.position.turn;
      if (!wanted(side, candidate.position) || !solution.covers(candidate.position)) continue;
      const key = canonicalKey(variant.board, candidate.position);
      if (tried.has(key)) continue;
      tried.add(key);
      // The side to move's won lines while it needs puzzles (wonLineSteps gives none where it does not win).
      if (depth[i]! < WON_LINE_TURNS && queue.length < base + WON_LINE_POSITIONS)
        for (const next of wonLineSteps(solution, variant, candidate, side)) {
          queue.push(next);
          depth.push(depth[i]! + 1);
        }
      // A puzzle stored already (its id is its canonical key's) is not made again: the engine levels that rate
      // a new puzzle are nearly all of a build's time, and around stored puzzles most single-keep positions are known.
      if (known.has(puzzleId(solution.geese, key))) continue;
      const made: Puzzle | Rejected = makePuzzle(solution, variant, candidate);
      if (typeof made === 'string') {
        progress.rejected[made] = (progress.rejected[made] ?? 0) + 1;
        continue;
      }
      if (known.has(made.id)) continue;
      known.add(made.id);
      found.push(made);
      bySide[made.side]++;
      if (made.themes.includes('endgame')) endgames[made.side]++;
      // Puzzles come in clusters (a side in trouble stays in trouble): the line's own won lines hold more.
      if (depth[i]! < PUZZLE_LINE_TURNS && queue.length < base + WON_LINE_POSITIONS)
        for (const next of wonLineSteps(solution, variant, candidate, made.side)) {
          queue.push(next);
          depth.push(depth[i]! + 1);
        }
    }
    added += await store.add(found);
    await save();
    if (Date.now() - lastLog >= (options.logEveryMs ?? 15_000)) {
      lastLog = Date.now();
      log(line());
    }
  };

  for await (const game of games(progress.storedAfter)) {
    if (full('fox') && full('geese')) break;
    progress.games++;
    await take(positionsOf(variant, game));
    progress.storedAfter = game.id;
  }
  await save();
  // Puzzles come in clusters: around each one stored (those found here included, in id order) lie more.
  for await (const puzzle of everyPuzzle(store, solution.geese, progress.nearAfter)) {
    if (full('fox') && full('geese')) break;
    if (!full(puzzle.side)) {
      progress.games++;
      await take(aroundPuzzle(variant, puzzle));
    }
    progress.nearAfter = puzzle.id;
  }
  await save();
  const until = options.games === undefined ? Infinity : progress.selfPlay + options.games;
  while (!(full('fox') && full('geese')) && progress.selfPlay < until) {
    const n = progress.selfPlay;
    const played = [...selfPlayGame(variant, n)];
    progress.selfPlay = n + 1;
    progress.games++;
    await take(played);
  }
  // Games seldom reach 8 geese or fewer where one move alone keeps the win: endgame starts give those puzzles.
  const endgameWanted = (side: Side, position: Position): boolean =>
    !endgameFull(side) && countGeese(position) <= ENDGAME_GEESE;
  const startsUntil = Math.min(ENDGAME_STARTS, progress.endgame + (options.endgameStarts ?? Infinity));
  while (!(endgameFull('fox') && endgameFull('geese')) && progress.endgame < startsUntil) {
    const first = progress.endgame;
    const batch = Math.min(ENDGAME_BATCH, startsUntil - first);
    const starts = Array.from({ length: batch }, (_, i) => endgameStart(variant, solution.geese, first + i));
    progress.endgame = first + batch;
    await take(starts, endgameWanted);
  }
  log(`found: ${line()}`);

  let gradedNow = 0;
  if (options.grade !== false) {
    for await (const puzzle of everyPuzzle(store, solution.geese)) {
      if (puzzle.level8Missed !== null) continue;
      const after = graded(puzzle, level8Misses(variant, puzzle));
      await store.grade(puzzle.id, after.level8Missed!, after.rating);
      gradedNow++;
      if (Date.now() - lastLog >= (options.logEveryMs ?? 15_000)) {
        lastLog = Date.now();
        await save();
        log(`level 8 graded ${gradedNow} this run`);
      }
    }
  }
  await save();
  log(`done: ${line()} | added ${added}, graded ${gradedNow} this run`);
  return { bySide, added, graded: gradedNow, progress };
}

/** Every stored puzzle of a geese count, in id order after `from`, a page at a time. */
export async function* everyPuzzle(store: PuzzleStore, geese: number, from = ''): AsyncGenerator<Puzzle> {
  let after = from;
  for (;;) {
    const page = await store.page(geese, after, 500);
    if (page.length === 0) return;
    yield* page;
    after = page.at(-1)!.id;
  }
}

/** The positions of a stored game, from its start; a game that does not replay gives what it reached. */
function* positionsOf(variant: Variant, { id, start, moves }: StoredGame): Generator<Candidate> {
  let game = newGame(variant, start);
  const source = { kind: 'game', id } as const;
  const first = start ? null : 0; // a game from another start has no ply from the variant's
  for (const [ply, move] of moves.entries()) {
    yield { position: game.position, ply: first === null ? null : ply, source };
    const played = playMoveText(game, move);
    if (!played.ok) return;
    game = played.value;
  }
  if (!game.result) yield { position: game.position, ply: first === null ? null : moves.length, source };
}

/** The positions of a stored puzzle's line, its start first (take() adds those two plies around each). */
function* aroundPuzzle(variant: Variant, puzzle: Puzzle): Generator<Candidate> {
  const start = parsePosition(variant, puzzle.position);
  if (!start.ok) return;
  let game = newGame(variant, start.value);
  const source = puzzle.source;
  for (const [i, move] of puzzle.line.entries()) {
    yield { position: game.position, ply: puzzle.ply === null ? null : puzzle.ply + i, source };
    const played = playMoveText(game, move);
    if (!played.ok) return;
    game = played.value;
  }
}
