// The offline game's rules side: replaying the kept game, its result (a resignation included),
// and its record text (docs/rules.md section 9).
import {
  type Game,
  getVariant,
  newGame,
  opponent,
  parsePosition,
  playMoveText,
  type Side,
  writeRecord,
} from '@fg/rules';

import type { OfflineGame } from './offline-store';

/** A game's end: the rules' result, or the person's resignation. */
export interface OfflineResult {
  readonly winner: Side | null;
  readonly reason: string; // 'fox-trapped', 'resignation'
}

/** The kept game replayed (null if it no longer replays: a changed variant). */
export function replayOffline(kept: OfflineGame): Game | null {
  const variant = getVariant(kept.variant, kept.options);
  if (!variant.ok) return null;
  const start = kept.start === undefined ? null : parsePosition(variant.value, kept.start);
  if (start && !start.ok) return null;
  let game = newGame(variant.value, start?.value);
  for (const move of kept.moves) {
    const next = playMoveText(game, move);
    if (!next.ok) return null;
    game = next.value;
  }
  return game;
}

/** The result: the person's resignation, or the rules' ending, or null while it goes on. */
export function offlineResult(kept: OfflineGame, game: Game): OfflineResult | null {
  if (kept.resigned) return { winner: opponent(kept.player), reason: 'resignation' };
  return game.result ? { winner: game.result.winner, reason: game.result.reason } : null;
}

/** The game record text to download. */
export function offlineRecord(kept: OfflineGame, game: Game, date = new Date(kept.started)): string {
  return writeRecord({ variant: game.variant, moves: kept.moves, result: offlineResult(kept, game), date });
}

/**
 * A new kept game (options not given take the variant's defaults); `side` random picks one; `start` a position text
 * to begin from instead of the variant's start.
 */
export function newOfflineGame(
  variant: string,
  side: Side | 'random',
  level: number,
  options: Readonly<Record<string, unknown>> = {},
  start?: string,
): OfflineGame | null {
  const resolved = getVariant(variant, options);
  if (!resolved.ok) return null;
  if (start !== undefined && !parsePosition(resolved.value, start).ok) return null;
  const player: Side = side === 'random' ? (Math.random() < 0.5 ? 'fox' : 'geese') : side;
  return {
    variant,
    options: resolved.value.options,
    player,
    level,
    moves: [],
    resigned: false,
    started: new Date().toISOString(),
    ...(start !== undefined ? { start } : {}),
  };
}
