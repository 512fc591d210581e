// The worker's side of the engine protocol, apart from `self` so that a test can drive it: one
// request at a time, searched in short slices with a pause between them in which a newer request
// (or a stop) is heard and the older one dropped.
import { Analysis, chooseMoveForRecord, DECIDED, evaluateGame } from '@fg/engine';
import { type Game, type GameRecord, newGame, playPath, replayRecord, type Side } from '@fg/rules';

import { DECIDED_GEESE, type EngineAnswer, type EngineRequest, type Evaluation } from './protocol';

/** A search slice: short enough that a new position is taken up within about this long. */
const SLICE_MS = 120;
/** How long one position is analysed at most (then the worker rests: a phone's battery). */
const ANALYSE_MS = 30_000;
/** How long each position of a reviewed game is searched. */
const REVIEW_MS = 150;
/** The most a position of a review to a fixed depth may take (a slow phone): far beyond the usual tens of ms. */
const DEPTH_CAP_MS = 20_000;

/** Lets queued messages in: a macrotask, so the worker's message events run first. */
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A fox-side score in geese, decided ones shown as ±100. */
function geese(foxScore: number): number {
  if (Math.abs(foxScore) >= DECIDED) return Math.sign(foxScore) * DECIDED_GEESE;
  return Math.round(foxScore) / 100;
}

/** The evaluation of a finished game: its winner, already won (or 0 for a draw). */
function finished(game: Game): Evaluation {
  const winner: Side | null = game.result?.winner ?? null;
  return {
    foxScore: winner === null ? 0 : winner === 'fox' ? DECIDED_GEESE : -DECIDED_GEESE,
    winner,
    winsIn: winner ? 0 : null,
  };
}

/** A short search's evaluation of a game that goes on, and its move; to a fixed depth when one is given. */
function assessed(game: Game, timeMs: number, depth: number | undefined): Evaluation & { best: string | null } {
  const a = evaluateGame(game, depth ? { maxDepth: depth, timeMs } : { timeMs });
  return { foxScore: geese(a.foxScore), winner: a.winner, winsIn: a.winsIn ?? a.losesIn, best: a.best };
}

/** The worker's protocol: feed it every request; it posts answers through `post`. */
export function engineHost(post: (answer: EngineAnswer) => void) {
  let current = 0; // the id of the request being worked on; 0: none
  const stale = (id: number): boolean => id !== current;

  const replay = (id: number, record: GameRecord): Game | null => {
    const game = replayRecord(record);
    if (game.ok) return game.value;
    post({ type: 'error', id, message: game.error.message });
    return null;
  };

  async function analyse(id: number, game: Game, timeMs: number, lines: number): Promise<void> {
    if (game.result) {
      post({ type: 'line', id, depth: 0, line: [], ...finished(game) });
      return post({ type: 'done', id });
    }
    const until = Date.now() + timeMs;
    const analysis = new Analysis(game, 19, lines); // 8 MB of table: a phone runs two workers on the analysis page
    while (!analysis.done && Date.now() < until) {
      const line = analysis.deepen(Math.min(until, Date.now() + SLICE_MS));
      if (line) {
        post({
          type: 'line',
          id,
          depth: line.depth,
          line: line.line,
          foxScore: geese(line.foxScore),
          winner: line.winner,
          winsIn: line.winsIn,
          ...(lines > 1 ? { others: line.others.map((o) => ({ ...o, foxScore: geese(o.foxScore) })) } : {}),
        });
      }
      await pause();
      if (stale(id)) return;
    }
    post({ type: 'done', id });
  }

  async function review(id: number, game: Game, timeMs: number, depth: number | undefined): Promise<void> {
    let at = newGame(game.variant, game.start);
    for (let ply = 0; ; ply++) {
      post({
        type: 'reviewed',
        id,
        ply,
        ...(at.result ? { ...finished(at), best: null } : assessed(at, timeMs, depth)),
      });
      await pause();
      if (stale(id)) return;
      const path = game.moves[ply];
      const next = path && playPath(at, path);
      if (!next?.ok) break;
      at = next.value;
    }
    post({ type: 'done', id });
  }

  async function choose(id: number, record: EngineRequest & { type: 'choose' }): Promise<void> {
    await pause(); // a stop sent right after is heard before a second is spent thinking
    if (stale(id)) return;
    const choice = chooseMoveForRecord(record.record, { level: record.level });
    if (stale(id)) return;
    if (choice.ok) post({ type: 'chosen', id, move: choice.value.move });
    else post({ type: 'error', id, message: choice.error.message });
  }

  return function receive(request: EngineRequest): Promise<void> {
    if (request.type === 'stop') {
      current = 0;
      return Promise.resolve();
    }
    const { id } = request;
    current = id;
    if (request.type === 'choose') return choose(id, request);
    const game = replay(id, request.record);
    if (!game) return Promise.resolve();
    if (request.type === 'analyse') return analyse(id, game, request.timeMs ?? ANALYSE_MS, request.lines ?? 1);
    return review(id, game, request.depth ? DEPTH_CAP_MS : (request.timeMs ?? REVIEW_MS), request.depth);
  };
}
