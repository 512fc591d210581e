// The marks of a game opened for analysis: the solution's verdicts where the table's game is
// solved, otherwise the engine's evaluation of each position (in a worker of its own, so the
// shown position's analysis goes on meanwhile).
import { type Game, opponent, type Side } from '@fg/rules';
import { useEffect, useState } from 'react';

import { EngineWorker, recordOf } from '../../engine/engine-worker';
import { fetchTableVerdicts, gameVerdicts } from '../../lib/solution-api';
import { evaluationMarks, type MoveMark, verdictMarks } from './game-marks';

/** The marks, what they come from, and whether they are all in. */
export interface GameMarks {
  readonly marks: ReadonlyMap<number, MoveMark>;
  readonly source: 'solution' | 'engine' | null; // null: no game to mark
  readonly complete: boolean;
}

const NONE: GameMarks = { marks: new Map(), source: null, complete: true };

/** The sides that played each move of a game. */
function movers(game: Game): Side[] {
  const sides: Side[] = [];
  let side = game.start.turn;
  for (let i = 0; i < game.moves.length; i++) {
    sides.push(side);
    side = opponent(side);
  }
  return sides;
}

/** Marks the moves of `game` (the whole game as opened); `table` names its table, for the verdicts. */
export function useGameMarks(game: Game | null, table: string | null): GameMarks {
  const [marks, setMarks] = useState<GameMarks>(NONE);
  useEffect(() => {
    if (!game || game.moves.length === 0) return;
    let live = true;
    const engine = new EngineWorker();
    const scores: (number | undefined)[] = [];
    const sides = movers(game);
    const review = (): void =>
      engine.review(
        recordOf(game),
        {
          onReviewed: ({ ply, foxScore }) => {
            scores[ply] = foxScore;
            if (live) setMarks({ marks: evaluationMarks(scores, sides), source: 'engine', complete: false });
          },
          onDone: () => live && setMarks({ marks: evaluationMarks(scores, sides), source: 'engine', complete: true }),
        },
        250,
      );
    // A table's game: the server's verdicts (the stored table's offline); a game without one: the stored table's.
    void (table ? fetchTableVerdicts(table, game.variant, game) : gameVerdicts(game)).then((verdicts) => {
      if (!live) return;
      if (verdicts) setMarks({ marks: verdictMarks(verdicts), source: 'solution', complete: true });
      else review();
    });
    return () => {
      live = false;
      engine.terminate();
    };
  }, [game, table]);
  return game ? marks : NONE;
}
