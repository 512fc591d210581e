// The deadlines the server itself decides, as pure functions of a table's stored facts and derived clock:
// a clock running out (`timeout`), the first move not made in time (`aborted`) and a correspondence game's days.
// Each runner's timer wakes at `dueAt`; an action at the table first ends a game that `dueEvent` says is due. A new
// kind of deadline is one more candidate in both functions.
import type { GameResult } from '@fg/protocol';
import { getVariant, opponent, type Side } from '@fg/rules';

import { type Clock, deadline } from './clock.js';
import type { TableEventOf } from './events.js';
import type { StoredTable } from './store.js';

/** The deadline rules of the authority. */
export interface DeadlineRules {
  readonly firstMoveMs: number; // 60 000; a side's first move must come within this
}

/**
 * when the game aborts unless the side to move makes its first move: 60 s after the game started (both
 * seats taken) for ply 0, after the opponent's first move for ply 1 (or after a takeback to either); null once
 * both first moves are made, while a seat is free, after the end, and on tables without a clock.
 */
function abortAt(stored: StoredTable, rules: DeadlineRules): number | null {
  const ply = stored.moves.length;
  const seated = stored.seatedAt;
  if (!stored.clock || stored.result || ply >= 2 || !seated || seated.fox === null || seated.geese === null)
    return null;
  let since = ply === 0 ? Math.max(seated.fox, seated.geese) : (stored.moveTimes?.[0] ?? 0);
  for (const { to, at } of stored.takebacks ?? []) if (to === ply) since = Math.max(since, at);
  return since + rules.firstMoveMs;
}

/**
 * when the side to move of a correspondence game loses on time: its `days` after the last move was stored
 * (or the game started, both seats taken; or a takeback back to this ply was stored); null while a seat is free,
 * after the end, and on other tables. A pure function of stored facts, so it survives a restart.
 */
export function correspondenceDeadline(
  stored: Pick<StoredTable, 'correspondence' | 'result' | 'seatedAt' | 'moves' | 'moveTimes' | 'takebacks'>,
): number | null {
  const c = stored.correspondence;
  const seated = stored.seatedAt;
  if (!c || stored.result || !seated || seated.fox === null || seated.geese === null) return null;
  const ply = stored.moves.length;
  let since = ply === 0 ? Math.max(seated.fox, seated.geese) : (stored.moveTimes?.[ply - 1] ?? 0);
  for (const { to, at } of stored.takebacks ?? []) if (to === ply) since = Math.max(since, at);
  return since + c.days * c.dayMs;
}

/** The side to move of a stored table (turns alternate from the variant's first side). */
function sideToMove(stored: StoredTable): Side {
  const variant = getVariant(stored.variant, stored.options);
  const first = variant.ok ? variant.value.firstSide : 'fox';
  return stored.moves.length % 2 === 0 ? first : opponent(first);
}

/** The first deadline ahead of an unfinished table (ms), or null. */
export function dueAt(stored: StoredTable, clock: Clock | null, rules: DeadlineRules): number | null {
  if (stored.result) return null;
  if (stored.correspondence) return correspondenceDeadline(stored);
  const abort = abortAt(stored, rules);
  const flag = clock ? deadline(clock) : null;
  if (abort === null) return flag;
  return flag === null ? abort : Math.min(abort, flag);
}

/** What a deadline passed by `now` means: the `ended` event it causes, or null if none has passed. */
export function dueEvent(
  stored: StoredTable,
  clock: Clock | null,
  rules: DeadlineRules,
  now: number,
): TableEventOf<'ended'> | null {
  if (stored.result) return null;
  const ply = stored.moves.length;
  const abort = abortAt(stored, rules);
  const days = correspondenceDeadline(stored);
  let result: GameResult | null = null;
  if (days !== null && now >= days) result = { winner: opponent(sideToMove(stored)), reason: 'timeout' };
  else if (abort !== null && now >= abort) result = { winner: null, reason: 'aborted' };
  else {
    const flag = clock ? deadline(clock) : null;
    if (clock?.running && flag !== null && now >= flag) result = { winner: opponent(clock.running), reason: 'timeout' };
  }
  return result && { type: 'ended', ply, result, at: now };
}
