// A finished game's review as a page holds it: the solution's facts (the browser's copy of the table, else the
// server's) and the engine's evaluation of every position to a fixed depth (in a worker of its own, so the same game
// gets the same scores on every machine), judged by game-review.ts as they come in. One per game: the table page and
// the analysis of the same moves share the work.
import type { GameOutcomes } from '@fg/protocol';
import { type Game, makePosition, moveTexts } from '@fg/rules';
import { useEffect, useState } from 'react';

import { EngineWorker, recordOf } from '../../engine/engine-worker';
import { type PositionEvaluation, type ReviewedMove, reviewGame, type ReviewSource } from '../../lib/game-review';
import { fetchGameOutcomes } from '../../lib/solution-api';

/** The depth each position is searched to: a few tens of ms a position, the same answer everywhere. */
export const REVIEW_DEPTH = 6;

/** A game's review so far. */
export interface GameReview {
  readonly moves: readonly ReviewedMove[];
  readonly source: ReviewSource | null; // null: nothing to judge (no moves)
  readonly complete: boolean; // every position evaluated, the solution asked
  readonly outcomes: GameOutcomes | null;
  readonly evaluations: readonly (PositionEvaluation | undefined)[];
}

const NONE: GameReview = { moves: [], source: null, complete: true, outcomes: null, evaluations: [] };

/** What is known of one game, shared by every page that shows it. */
interface Known {
  outcomes: GameOutcomes | null | undefined; // undefined: not answered yet
  evaluations: (PositionEvaluation | undefined)[];
  evaluated: boolean;
  readonly listeners: Set<() => void>;
  engine: EngineWorker | null;
}

const known = new Map<string, Known>();

/** One text for a game: its variant, options, start and moves. */
const gameKey = (game: Game): string =>
  `${game.variant.id}:${JSON.stringify(game.variant.options)}:${makePosition(game.variant.board, game.start)}:${moveTexts(game).join(',')}`;

/** Starts (once per game) the solution's request and the engine's evaluations; listeners hear each step. */
function gather(game: Game): Known {
  const key = gameKey(game);
  const entry = known.get(key);
  if (entry) return entry;
  const fresh: Known = { outcomes: undefined, evaluations: [], evaluated: false, listeners: new Set(), engine: null };
  known.set(key, fresh);
  const tell = (): void => fresh.listeners.forEach((listener) => listener());
  void fetchGameOutcomes(game)
    .catch(() => null)
    .then((outcomes) => {
      fresh.outcomes = outcomes;
      tell();
    });
  const engine = new EngineWorker();
  fresh.engine = engine;
  engine.review(
    recordOf(game),
    {
      onReviewed: ({ ply, foxScore, winner, best }) => {
        fresh.evaluations[ply] = { foxScore, winner, best };
        tell();
      },
      onDone: () => {
        fresh.evaluated = true;
        engine.terminate();
        fresh.engine = null;
        tell();
      },
      onError: () => {
        fresh.evaluated = true;
        engine.terminate();
        tell();
      },
    },
    { depth: REVIEW_DEPTH },
  );
  return fresh;
}

/** The review of `game` (a finished game, or any moves opened for analysis); null or `enabled` false: none. */
export function useGameReview(game: Game | null, enabled = true): GameReview {
  const [, setTick] = useState(0);
  const active = enabled && game !== null && game.moves.length > 0;
  useEffect(() => {
    if (!active) return;
    const entry = gather(game);
    const listener = (): void => setTick((n) => n + 1);
    entry.listeners.add(listener);
    listener();
    return () => {
      entry.listeners.delete(listener);
      // Nobody looks any more and the engine has not finished: stop it, and start afresh next time.
      if (entry.listeners.size === 0 && !entry.evaluated) {
        entry.engine?.terminate();
        known.delete(gameKey(game));
      }
    };
  }, [active, game]);
  if (!active) return NONE;
  const entry = known.get(gameKey(game));
  if (!entry) return { ...NONE, complete: false, source: 'engine' };
  const outcomes = entry.outcomes ?? null;
  return {
    moves: reviewGame(game, outcomes, entry.evaluations),
    source: outcomes ? 'solution' : 'engine',
    complete: entry.evaluated && entry.outcomes !== undefined,
    outcomes,
    evaluations: entry.evaluations,
  };
}
