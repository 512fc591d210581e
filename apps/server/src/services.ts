// The server's parts that do not speak HTTP, made once from the mode the backend chose (SQLite in one process, or
// Redis shared by several): the store and bus, the lobby and its index, the computer's seats and their lease, the
// authority. `buildApp` (app.ts) puts routes around them.
import type { FastifyBaseLogger } from 'fastify';

import { type Backend, openBackend } from './backend.js';
import { ComputerSeats } from './computer/computer-seats.js';
import { ThinkPool } from './computer/think-pool.js';
import type { Config } from './config.js';
import { CorrespondenceReferee } from './correspondence/referee.js';
import { ExplorerRecorder } from './explorer/explorer-recorder.js';
import type { LogThrottle } from './http/logger.js';
import { Lobby } from './lobby/lobby.js';
import { openPush, type Push } from './push/push.js';
import { PushObserver } from './push/push-observer.js';
import type { PuzzleStore } from './puzzles/puzzle-store.js';
import { BackgroundBuild } from './solution/background-build.js';
import { Solutions } from './solution/solutions.js';
import { Authority } from './tables/authority.js';

/** What a test may put in place of the defaults. */
export interface AppDeps {
  readonly now?: () => number;
  readonly thinkPool?: ThinkPool; // the computer's threads (a test counts what they are asked)
  readonly computerAloneMs?: number; // how long the computer stays at a running game nobody else is at
  readonly solutions?: Solutions; // instead of the tables in config.solutionDir (a test's stand-in)
  readonly pushRetryMs?: readonly number[]; // pauses before each push retry (tests shorten them)
  readonly refereePollMs?: number; // how often the correspondence referee looks; 1000 (tests shorten it)
}

/** The parts of a running server. */
export interface Services {
  readonly backend: Backend;
  readonly lobby: Lobby;
  readonly computers: ComputerSeats;
  readonly authority: Authority;
  readonly solutions: Solutions; // the solution tables installed (maybe none)
  readonly build: BackgroundBuild; // the 13-geese table built in the background when none is installed
  readonly push: Push | null; // null when PUSH_HOSTS=off
  readonly referee: CorrespondenceReferee;
  readonly puzzles: PuzzleStore; // puzzles.sqlite beside the tables, or Redis's (docs/puzzles.md)
  readonly explorer: ExplorerRecorder; // adds ended games to the explorer's index; flushed before the store closes
}

/** Opens the backend and makes every part for its mode, once. */
export async function openServices(
  config: Config,
  deps: AppDeps,
  log: FastifyBaseLogger,
  throttle: LogThrottle,
): Promise<Services> {
  const onError = (error: unknown, what: string): void => throttle.error(log, what, error);
  const backend = openBackend(config, {
    onError,
    onFileLost: (reason) => log.fatal({ reason }, 'database file lost: no more writes are acknowledged'),
  });
  // The lobby and the computer's seats watch the tables; in Redis mode both are shared by every instance.
  const lobby = new Lobby(backend.lobbyIndex, { ...(deps.now ? { now: deps.now } : {}), onError });
  const solutions = deps.solutions ?? openSolutions(config.solutionDir, config.solve, log);
  const computers = new ComputerSeats(deps.thinkPool ?? new ThinkPool(config.computerThreads), {
    thinkMs: config.computerThinkMs,
    onError,
    lease: backend.computerLease,
    ...(deps.computerAloneMs ? { aloneMs: deps.computerAloneMs } : {}),
    solutions,
  });
  // Push (keys, subscriptions kept with the seats, a sending queue); null when PUSH_HOSTS=off.
  const push = await openPush(config, backend.pushSubscriptions, backend.vapidKeys, onError, deps.pushRetryMs);
  // Correspondence deadlines, kept for every running game (shared in Redis mode), and ended on time.
  const referee = new CorrespondenceReferee(backend.deadlineIndex, {
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.refereePollMs ? { pollMs: deps.refereePollMs } : {}),
    onError,
  });
  const explorer = new ExplorerRecorder(backend.explorer, onError);
  const authority = new Authority(backend.store, {
    bus: backend.bus,
    abandonSeconds: config.abandonSeconds,
    waitingHours: config.waitingHours,
    firstMoveSeconds: config.firstMoveSeconds,
    correspondenceDayMs: config.correspondenceDayMs,
    ...(deps.now ? { now: deps.now } : {}),
    onError,
    // Lobby and computer, correspondence and push
    observers: [lobby, computers, referee, explorer, ...(push ? [new PushObserver(push.sender)] : [])],
    solved: solutions,
    chat: backend.chat,
  });
  computers.bind(authority);
  const build = new BackgroundBuild(solutions, {
    ...(config.solveUpTo !== null ? { upTo: config.solveUpTo } : {}),
    log: (level, line, fields = {}) => log[level](fields, line),
  });
  if (config.solve && !deps.solutions) build.start();
  return {
    backend,
    lobby,
    computers,
    authority,
    solutions,
    build,
    push,
    referee,
    puzzles: backend.puzzles,
    explorer,
  };
}

/**
 * the solution tables in `dir`, opened once (each instance of a Redis deployment opens the same path itself);
 * without any and with the background build off, one line says how to build one and the server runs as before.
 */
function openSolutions(dir: string, solve: boolean, log: FastifyBaseLogger): Solutions {
  const solutions = Solutions.open(dir);
  if (solutions.size === 0 && !solve)
    log.info(
      { dir },
      'no solution table installed: level 9 and the solution endpoints answer not-solved; build one with `pnpm solve standard --geese 13` (SOLUTION_DIR, else DATA_DIR/solutions)',
    );
  else log.info({ dir, solved: solutions.solvedOptions('standard') }, 'solution tables opened');
  return solutions;
}
