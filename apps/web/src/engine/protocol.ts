// The messages between a page and its engine worker: a game in (as a record, since a Game holds
// functions and cannot be posted), evaluations, best lines and moves out, each tagged with the
// request's id so that answers to an older request are told apart and dropped.
import type { GameRecord, Side } from '@fg/rules';

/** What the page asks of the worker. A new request cancels the one before it. */
export type EngineRequest =
  | {
      readonly type: 'analyse';
      readonly id: number;
      readonly record: GameRecord;
      readonly timeMs?: number;
      readonly lines?: number; // how many lines each depth gives: the best and the next best moves' (1 when absent)
    } // deepen until proven, the depth limit or timeMs
  | {
      readonly type: 'review';
      readonly id: number;
      readonly record: GameRecord;
      readonly timeMs?: number;
      readonly depth?: number; // a fixed depth: the same scores on every machine (timeMs then only caps a position)
    } // each position of the game, timeMs each
  | { readonly type: 'choose'; readonly id: number; readonly record: GameRecord; readonly level: number } // the computer's move at a level
  | { readonly type: 'stop' };

/** An evaluation, always from the fox side's view (a goose is 1.0). */
export interface Evaluation {
  readonly foxScore: number; // 0.35: the fox is a third of a goose better; ±100 once decided
  readonly winner: Side | null; // the side that wins by force, when proven
  readonly winsIn: number | null; // the winner's moves to the win, when proven
}

/** Another move's line, beside the best one. */
type OtherLine = { readonly line: readonly string[] } & Evaluation;

/** What the worker answers. */
export type EngineAnswer =
  | ({
      readonly type: 'line';
      readonly id: number;
      readonly depth: number;
      readonly line: readonly string[];
      readonly others?: readonly OtherLine[]; // the next best moves' lines at this depth, best first
    } & Evaluation)
  | ({
      readonly type: 'reviewed';
      readonly id: number;
      readonly ply: number;
      readonly best: string | null;
    } & Evaluation) // the position before move `ply` (ply = moves.length: the last); best: the engine's move there
  | { readonly type: 'chosen'; readonly id: number; readonly move: string }
  | { readonly type: 'done'; readonly id: number } // nothing more for this request
  | { readonly type: 'error'; readonly id: number; readonly message: string };

/** A decided score shown as this many geese: far beyond any material count. */
export const DECIDED_GEESE = 100;
