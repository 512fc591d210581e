// "Learn from your mistakes" as a page holds it: the player's marked moves one by one, each try judged by the rule
// that marked the move (lib/learn.ts) from the review's facts, and the engine to the review's depth where the
// solution alone cannot say (in a worker of its own).
import { type Game, makePosition, makeRecord, newGame, playMoveText, type Side } from '@fg/rules';
import { useEffect, useRef, useState } from 'react';

import { EngineWorker } from '../../engine/engine-worker';
import { markedMoves, type MoveContext, type PositionEvaluation, type ReviewedMove } from '../../lib/game-review';
import { judgeTry, needsEngine } from '../../lib/learn';
import { type GameReview, REVIEW_DEPTH } from './use-game-review';

/** Where an exercise stands. */
type LearnStatus = 'find' | 'checking' | 'wrong' | 'same' | 'right' | 'answer';

/** The walk through a side's marked moves. */
export interface Learn {
  readonly marked: readonly ReviewedMove[];
  readonly index: number; // the exercise shown (marked.length: all done)
  readonly status: LearnStatus;
  readonly tried: string | null; // the last try
  readonly wrongTries: number;
  readonly attempt: (move: string) => void; // judge a try at the exercise's position
  readonly reveal: () => void; // give the answer
  readonly next: () => void; // on to the next exercise
}

/** The position before game move `ply`, as a game of its own (for the engine's record). */
function gameBefore(game: Game, moves: readonly string[], ply: number): Game {
  let at = newGame(game.variant, game.start);
  for (const move of moves.slice(0, ply)) {
    const next = playMoveText(at, move);
    if (next.ok) at = next.value;
  }
  return at;
}

/** The engine's evaluation of the position after `move` from `before`, to the review's depth. */
function evaluateAfter(engine: EngineWorker, before: Game, move: string): Promise<PositionEvaluation | undefined> {
  const record = { ...makeRecord(before), start: makePosition(before.variant.board, before.position), moves: [move] };
  return new Promise((resolve) => {
    engine.review(
      record,
      {
        onReviewed: ({ ply, foxScore, winner, best }) => ply === 1 && resolve({ foxScore, winner, best }),
        onDone: () => resolve(undefined),
        onError: () => resolve(undefined),
      },
      { depth: REVIEW_DEPTH },
    );
  });
}

/** The walk for `side` over the reviewed `game` (whose move texts are `moves`); null side: not learning. */
export function useLearn(review: GameReview, game: Game | null, moves: readonly string[], side: Side | null): Learn {
  const marked = side ? markedMoves(review.moves, side) : [];
  const [index, setIndex] = useState(0);
  const [status, setStatus] = useState<LearnStatus>('find');
  const [tried, setTried] = useState<string | null>(null);
  const [wrongTries, setWrongTries] = useState(0);
  const engine = useRef<EngineWorker | null>(null);
  useEffect(
    () => () => {
      engine.current?.terminate();
      engine.current = null;
    },
    [],
  );
  const exercise = marked[index];
  const attempt = (move: string): void => {
    if (!exercise || !game || !side || status === 'checking' || status === 'right' || status === 'answer') return;
    const context: MoveContext = {
      mover: side,
      ply: review.outcomes?.plies[exercise.ply] ?? null,
      before: review.evaluations[exercise.ply],
    };
    setTried(move);
    setStatus('checking');
    const judged = (after: PositionEvaluation | undefined): void => {
      const verdict = judgeTry(exercise, context, move, after);
      if (verdict === 'right') return setStatus('right');
      const wrong = wrongTries + 1;
      setWrongTries(wrong);
      setStatus(wrong >= 2 ? 'answer' : verdict === 'same' ? 'same' : 'wrong');
    };
    if (!needsEngine(exercise, context) || move === exercise.move) return judged(undefined);
    engine.current ??= new EngineWorker();
    void evaluateAfter(engine.current, gameBefore(game, moves, exercise.ply), move).then(judged);
  };
  return {
    marked,
    index,
    status,
    tried,
    wrongTries,
    attempt,
    reveal: () => setStatus('answer'),
    next: () => {
      setIndex((i) => i + 1);
      setStatus('find');
      setTried(null);
      setWrongTries(0);
    },
  };
}
