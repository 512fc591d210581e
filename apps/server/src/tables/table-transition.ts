// One transition, written once: from a table's old facts to its new ones, the messages its members must get.
// The instance that stored a change and every instance that hears of it (bus event or reload) run the same
// function, so a member gets each move exactly once and in order, wherever it is connected.
import { movedMessage, type ServerMessage, type ServerMessageOf } from '@fg/protocol';
import { opponent, playMoveText, SIDES } from '@fg/rules';

import type { StoredTable } from './store.js';
import { clockFieldsOf, nextClock } from './table-clock.js';
import {
  type DerivedGame,
  deriveGame,
  standingOffer,
  standingTakeback,
  type TableFacts,
  unlapsedTakeback,
} from './table-state.js';

/** What a change of facts means for the members. */
export interface Transition {
  readonly derived: DerivedGame;
  readonly messages: readonly ServerMessage[]; // to everyone at the table, in this order
  readonly rematch: string | null; // a rematch table just made: each member is told its own seat
  readonly seatsChanged: boolean;
  /** The game was derived afresh: 'taken-back' (members get the whole view), 'lost' (the store lost moves: nothing is told). */
  readonly rebuilt: 'taken-back' | 'lost' | null;
}

const bothSeated = (stored: Pick<StoredTable, 'seats'>): boolean =>
  stored.seats.fox !== null && stored.seats.geese !== null;

/** Whether `moves` begins with every move of `prefix` (the same strings: the facts share them). */
function startsWith(moves: readonly string[], prefix: readonly string[]): boolean {
  if (prefix.length > moves.length) return false;
  for (let ply = 0; ply < prefix.length; ply++) if (moves[ply] !== prefix[ply]) return false;
  return true;
}

/** The messages of the moves `now` has beyond `derived`'s game, and the game after them; null if they do not replay. */
function movesAdded(
  derived: DerivedGame,
  now: StoredTable,
  messages: ServerMessage[],
): { derived: DerivedGame } | null {
  let game = derived.game;
  for (let ply = game.moves.length; ply < now.moves.length; ply++) {
    const after = playMoveText(game, now.moves[ply]!);
    if (!after.ok) return null;
    const last = ply === now.moves.length - 1;
    const result = last ? (now.result ?? after.value.result) : after.value.result;
    messages.push(movedMessage(game, after.value, bothSeated(now), result));
    game = after.value;
  }
  return { derived: { game, clock: derived.clock } };
}

/** The offer and rematch messages between two sets of facts. */
function offerMessages(
  before: TableFacts,
  beforeTurn: DerivedGame,
  next: TableFacts,
  turn: DerivedGame,
): ServerMessage[] {
  const messages: ServerMessage[] = [];
  const offerBefore = standingOffer(before, beforeTurn.game.position.turn);
  const offer = standingOffer(next, turn.game.position.turn);
  if (offer && (offer.side !== offerBefore?.side || offer.ply !== offerBefore.ply))
    messages.push({ type: 'draw-offered', side: offer.side });
  const stored = next.drawOffer;
  if (offerBefore && !offer && stored?.declined && stored.side === offerBefore.side && stored.ply === offerBefore.ply)
    messages.push({ type: 'draw-declined', side: opponent(stored.side) });
  const takebackBefore = standingTakeback(before);
  const takeback = standingTakeback(next);
  if (takeback && (takeback.side !== takebackBefore?.side || takeback.ply !== takebackBefore.ply))
    messages.push({ type: 'takeback-offered', side: takeback.side });
  const declined = unlapsedTakeback(next);
  if (
    takebackBefore &&
    declined?.declined &&
    declined.side === takebackBefore.side &&
    declined.ply === takebackBefore.ply
  )
    messages.push({ type: 'takeback-declined', side: opponent(declined.side) });
  if (!next.stored.rematch) {
    for (const side of SIDES) {
      if (next.rematchAsks[side] && !before.rematchAsks[side]) messages.push({ type: 'rematch-offered', side });
      if (!next.rematchAsks[side] && before.rematchAsks[side] && next.stored.result)
        messages.push({ type: 'rematch-declined', side: opponent(side) });
    }
  }
  return messages;
}

/**
 * The transition from `before` to `next`. `played` is the game after the last new move when the caller has it
 * already (the instance that checked the move), so the rules run once. Null if the new moves do not replay.
 */
export function transition(
  before: { readonly facts: TableFacts; readonly derived: DerivedGame },
  next: TableFacts,
  played?: DerivedGame['game'],
): Transition | null {
  const old = before.facts.stored;
  const now = next.stored;
  const messages: ServerMessage[] = [];
  const isPrefix = startsWith(now.moves, old.moves);
  let derived = before.derived;
  let rebuilt: Transition['rebuilt'] = null;
  if (!isPrefix) {
    // A takeback; else the store lost moves this instance had seen (a Redis run without fsync). Either way
    // the game is derived afresh; a takeback is told as the whole view, a loss not at all.
    const fresh = deriveGame(now);
    if (!fresh) return null;
    derived = fresh;
    rebuilt = (now.takebacks?.length ?? 0) > (old.takebacks?.length ?? 0) ? 'taken-back' : 'lost';
  } else if (now.moves.length === old.moves.length + 1 && played?.moves.length === now.moves.length) {
    messages.push(movedMessage(derived.game, played, bothSeated(now), now.result ?? played.result));
    derived = { game: played, clock: derived.clock };
  } else if (now.moves.length > old.moves.length) {
    const added = movesAdded(derived, now, messages);
    if (!added) return null;
    derived = added.derived;
  }
  // The clock follows from the stored times: advanced by added moves, else rebuilt (a fresh derivation has it).
  if (now !== old && !rebuilt)
    derived = { ...derived, clock: nextClock(derived.clock, old, now, derived.game.variant.firstSide) };
  const clock = derived.clock;
  if (clock) {
    for (const message of messages)
      if (message.type === 'moved')
        Object.assign(message, clockFieldsOf(clock, now.moveTimes?.[message.ply] ?? Date.now()));
  }
  // A correspondence game's new deadline: its days from when the move was stored (none once it ended).
  const c = now.correspondence;
  if (c) {
    for (const message of messages)
      if (message.type === 'moved') {
        const at = now.moveTimes?.[message.ply];
        message.deadline = message.result || at === undefined ? null : new Date(at + c.days * c.dayMs).toISOString();
      }
  }
  const lastMoved = messages.at(-1) as ServerMessageOf<'moved'> | undefined;
  if (now.result && !old.result && !lastMoved?.result)
    messages.push({ type: 'ended', result: now.result, ...clockFieldsOf(clock, now.endedAt ?? Date.now()) });
  if (rebuilt !== 'taken-back') messages.push(...offerMessages(before.facts, before.derived, next, derived));
  return {
    derived,
    messages,
    rematch: now.rematch && !old.rematch ? now.rematch : null,
    seatsChanged: now.seats.fox !== old.seats.fox || now.seats.geese !== old.seats.geese,
    rebuilt,
  };
}
