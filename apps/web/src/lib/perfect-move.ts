// The perfect computer (level 9) in the browser, as the server plays it (docs/protocol.md "The solution"): in a won
// position only moves that keep the win, the engine's choice when it is one of them (it heads for the end); in a
// lost position, or one the stored table does not answer, the engine's best (level 8).
import { COMPUTER_LEVELS } from '@fg/protocol/vocabulary';
import type { Game } from '@fg/rules';

import { positionText } from './analysis-url';
import { storedVerdict } from './solution-api';

/** The move (text) for the side to move; `engine(level)` asks the engine worker for its move at a level. */
export async function perfectMove(game: Game, engine: (level: number) => Promise<string>): Promise<string> {
  const verdict = await storedVerdict(game.variant, positionText(game));
  const keep = verdict && verdict.winner === game.position.turn ? verdict.keep : [];
  if (keep.length === 1) return keep[0]!;
  const chosen = await engine(COMPUTER_LEVELS.max);
  return keep.length === 0 || keep.includes(chosen) ? chosen : keep[0]!;
}
