// One transition, written once: from a table's old facts to its new ones, the messages its members must get.
// The instance that stored a change and every instance that hears of it (bus event or reload) run the same
// function, so a member gets each move exactly once and in order, wherever it is connected.
import type { GameResult, ServerMessage, ServerMessageOf, TableStatus } from '@fg/protocol';
import { type Game, makePosition, opponent, playMoveText, SIDES } from '@fg/rules';

import type { StoredTable } from '../store/store.js';
import { clockFieldsOf, nextClock } from './table-clock.js';
import { type DerivedGame, deriveGame, standingOffer, type TableFacts } from './table-state.js';

/** What a change of facts means for the members. */
export interface Transition {
  readonly derived: DerivedGame;
  readonly messages: readonly ServerMessage[]; // to everyone at the table, in this order
  readonly rematch: string | null; // a rematch table just made: each member is told its own seat
  readonly seatsChanged: boolean;
  readonly rebuilt: boolean; // the game was derived afresh (the store lost moves): the messages do not tell it
}

/** Waiting while a seat is free, finished once there is a result, playing in between. */
export function statusOf(stored: Pick<StoredTable, 'seats' | 'result'>): TableStatus {
  if (stored.result) return 'finished';
  return stored.seats.fox !== null && stored.seats.geese !== null ? 'playing' : 'waiting';
}

/** The `moved` message of the last move of `game`, whose text is `move`. */
function movedMessage(
  before: Game,
  game: Game,
  move: string,
  result: GameResult | null,
  seats: StoredTable['seats'],
): ServerMessageOf<'moved'> {
  const ply = game.moves.length - 1;
  const { board } = game.variant;
  const path = game.moves[ply]!;
  return {
    type: 'moved',
    ply,
    path: path.map((p) => board.points[p]!.name),
    move,
    side: before.position.turn,
    position: makePosition(board, game.position),
    turn: game.position.turn,
    status: statusOf({ seats, result }),
    result,
  };
}

/**
 * The transition from `before` to `next`. `played` is the game after the last new move when the caller has it
 * already (the instance that checked the move), so the rules run once. Null if the new moves do not replay.
 */
export function transition(
  before: { readonly facts: TableFacts; readonly derived: DerivedGame },
  next: TableFacts,
  played?: Game,
): Transition | null {
  const old = before.facts.stored;
  const now = next.stored;
  const messages: ServerMessage[] = [];
  const isPrefix = old.moves.every((move, ply) => now.moves[ply] === move);
  let derived = before.derived;
  if (!isPrefix) {
    // The store lost moves this instance had seen (a Redis run without fsync): follow the store, tell nothing.
    const fresh = deriveGame(now);
    if (!fresh) return null;
    derived = fresh;
  } else if (now.moves.length > old.moves.length) {
    let game = derived.game;
    for (let ply = old.moves.length; ply < now.moves.length; ply++) {
      const last = ply === now.moves.length - 1;
      const after =
        last && played?.moves.length === ply + 1
          ? { ok: true as const, value: played }
          : playMoveText(game, now.moves[ply]!);
      if (!after.ok) return null;
      const result = last ? (now.result ?? after.value.result) : after.value.result;
      messages.push(movedMessage(game, after.value, now.moves[ply]!, result, now.seats));
      game = after.value;
    }
    derived = { game, position: makePosition(game.variant.board, game.position), clock: derived.clock };
  }
  // The clock follows from the stored times (seats taken, moves, end): advanced by added moves, else rebuilt
  // (a fresh derivation, when the store lost moves, has rebuilt it already).
  if (now !== old && isPrefix)
    derived = { ...derived, clock: nextClock(derived.clock, old, now, derived.game.variant.firstSide) };
  const clock = derived.clock;
  if (clock) {
    for (const message of messages)
      if (message.type === 'moved')
        Object.assign(message, clockFieldsOf(clock, now.moveTimes?.[message.ply] ?? Date.now()));
  }
  const lastMoved = messages.at(-1) as ServerMessageOf<'moved'> | undefined;
  if (now.result && !old.result && !lastMoved?.result)
    messages.push({ type: 'ended', result: now.result, ...clockFieldsOf(clock, now.endedAt ?? Date.now()) });
  const offerBefore = standingOffer(before.facts, before.derived.game.position.turn);
  const offer = standingOffer(next, derived.game.position.turn);
  if (offer && (offer.side !== offerBefore?.side || offer.ply !== offerBefore.ply))
    messages.push({ type: 'draw-offered', side: offer.side });
  const stored = next.drawOffer;
  if (offerBefore && !offer && stored?.declined && stored.side === offerBefore.side && stored.ply === offerBefore.ply)
    messages.push({ type: 'draw-declined', side: opponent(stored.side) });
  if (!now.rematch) {
    for (const side of SIDES)
      if (next.rematchAsks[side] && !before.facts.rematchAsks[side]) messages.push({ type: 'rematch-offered', side });
  }
  return {
    derived,
    messages,
    rematch: now.rematch && !old.rematch ? now.rematch : null,
    seatsChanged: now.seats.fox !== old.seats.fox || now.seats.geese !== old.seats.geese,
    rebuilt: !isPrefix,
  };
}
