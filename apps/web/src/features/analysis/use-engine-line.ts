// The engine's evaluation and best lines of the shown position, from the page's engine worker;
// a new position replaces the search of the old one.
import type { Game } from '@fg/rules';
import { useEffect, useState } from 'react';

import { EngineWorker, recordOf } from '../../engine/engine-worker';
import type { EngineAnswer } from '../../engine/protocol';

/** The deepest line heard for a game, and whether the search goes on. */
export interface EngineLine {
  readonly game: Game;
  readonly answer: Extract<EngineAnswer, { type: 'line' }> | null;
  readonly thinking: boolean;
}

/** How many lines the analysis board shows: the best and the next two, as lichess's three. */
const ENGINE_LINES = 3;

/** The engine's view of `game` with `lines` lines, updated as the search deepens. */
export function useEngineLine(game: Game, lines = ENGINE_LINES): EngineLine {
  const [engine] = useState(() => new EngineWorker());
  const [line, setLine] = useState<EngineLine>({ game, answer: null, thinking: true });
  useEffect(() => () => engine.terminate(), [engine]);
  useEffect(() => {
    engine.analyse(
      recordOf(game),
      {
        onLine: (answer) => setLine({ game, answer, thinking: true }),
        onDone: () => setLine((l) => ({ ...l, thinking: false })),
        onError: () => setLine({ game, answer: null, thinking: false }),
      },
      undefined,
      lines,
    );
  }, [engine, game, lines]);
  // A render between the new game and its first answer shows nothing of the old one.
  return line.game === game ? line : { game, answer: null, thinking: true };
}
