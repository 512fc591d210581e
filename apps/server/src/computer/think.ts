// What a worker thread does for the computer: replay the game, then choose a move or assess the position.
import { chooseMove, evaluateGame } from '@fg/engine';
import type { TableOptions } from '@fg/protocol';
import { replayRecord, type Side } from '@fg/rules';

/** One piece of thinking for a table; plain data, so it crosses to a worker thread as it is. */
export interface ThinkTask {
  readonly kind: 'move' | 'assess';
  readonly variant: string; // 'standard'
  readonly options: TableOptions;
  readonly moves: readonly string[]; // move texts so far, oldest first
  readonly level: number; // 1-8
  readonly timeMs?: number; // a cap below the level's own time (tests)
}

/** The computer's move: points as the protocol sends them. */
interface MoveAnswer {
  readonly kind: 'move';
  readonly points: string[];
  readonly move: string;
  readonly depth: number;
  readonly ms: number;
}

/** The position as the engine sees it: `winner` when a forced win was seen, `foxScore` from the fox's view. */
interface AssessAnswer {
  readonly kind: 'assess';
  readonly foxScore: number; // a goose is 100
  readonly winner: Side | null;
}

/** The answer to a ThinkTask. */
export type ThinkAnswer = MoveAnswer | AssessAnswer;

/** Runs a task; throws on a record that does not replay or a game that has ended (the caller logs it). */
export function think(task: ThinkTask): ThinkAnswer {
  const replayed = replayRecord({ variant: task.variant, options: task.options, moves: [...task.moves] });
  if (!replayed.ok) throw new Error(`the game does not replay: ${replayed.error.message}`);
  const game = replayed.value;
  if (task.kind === 'assess') {
    const assessment = evaluateGame(game, task.timeMs ? { timeMs: Math.min(task.timeMs, 300) } : {});
    return { kind: 'assess', foxScore: assessment.foxScore, winner: assessment.winner };
  }
  const choice = chooseMove(game, { level: task.level, ...(task.timeMs ? { timeMs: task.timeMs } : {}) });
  return { kind: 'move', points: choice.points, move: choice.move, depth: choice.depth, ms: choice.ms };
}
