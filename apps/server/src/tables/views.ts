// The views of a table that clients are sent. A table's view is built from its facts when a member is welcomed
// (once per change, shared by every welcome until the next: TableRunner.view); the members already there advance
// theirs with the messages they are sent (applyServerMessage, docs/protocol.md), and views.test.ts checks both agree.
import {
  type DeclinedOffers,
  type RecordResponse,
  type Seats,
  type ServerMessageOf,
  tableStatus,
  type TableView,
} from '@fg/protocol';
import { makePosition, opponent, type Side, SIDES } from '@fg/rules';

import { correspondenceDeadline } from './deadlines.js';
import type { StoredTable } from './store.js';
import { clockFieldsOf } from './table-clock.js';
import type { TableSnapshot } from './table-observer.js';
import {
  declinedDraw,
  type LiveTable,
  standingOffer,
  standingTakeback,
  type TableFacts,
  unlapsedTakeback,
} from './table-state.js';

/** The table's view built from its facts alone, its clocks as of `at`. */
export function builtView(table: LiveTable, at: number): TableView {
  const { stored } = table.facts;
  const { game } = table.derived;
  return {
    id: table.id,
    variant: game.variant.id,
    options: { ...game.variant.options },
    status: tableStatus(stored.seats.fox !== null && stored.seats.geese !== null, stored.result),
    seats: seatsView(table),
    spectators: table.presence.spectators(),
    position: makePosition(game.variant.board, game.position),
    turn: game.position.turn,
    ply: stored.moves.length,
    moves: [...stored.moves],
    result: stored.result,
    rematch: stored.rematch,
    // Offers live on the bus, not in the store; the view carries them so a reconnecting client still sees them.
    drawOffer: standingOffer(table.facts, game.position.turn)?.side ?? null,
    rematchRequests: stored.rematch ? [] : SIDES.filter((side) => table.facts.rematchAsks[side] !== null),
    takebackOffer: standingTakeback(table.facts)?.side ?? null, // always sent
    declined: declinesOf(table.facts, game.position.turn), // always sent
    ...clockFieldsOf(table.derived.clock, at),
    ...correspondenceFields(stored),
  };
}

/** Who declined each offer while the decline holds: the offerer's opponent, as decide refuses the offer again. */
function declinesOf(facts: TableFacts, turn: Side): DeclinedOffers {
  const draw = declinedDraw(facts, turn);
  const takeback = unlapsedTakeback(facts);
  return {
    draw: draw ? opponent(draw.side) : null,
    takeback: takeback?.declined ? opponent(takeback.side) : null,
  };
}

/** `{ correspondence, deadline }` for the view of a correspondence table; nothing for others. */
function correspondenceFields(stored: StoredTable): Pick<TableView, 'correspondence' | 'deadline'> {
  if (!stored.correspondence) return {};
  return { correspondence: { days: stored.correspondence.days }, deadline: isoDeadline(stored) };
}

/** A correspondence table's deadline as ISO time, null while none runs. */
function isoDeadline(stored: StoredTable): string | null {
  const deadline = correspondenceDeadline(stored);
  return deadline === null ? null : new Date(deadline).toISOString();
}

/** Who is connected and how many watch, table-wide (and the clocks, which a seat taken may start). */
export function presenceMessage(table: LiveTable, at: number = Date.now()): ServerMessageOf<'presence'> {
  return {
    type: 'presence',
    seats: seatsView(table),
    spectators: table.presence.spectators(),
    ...clockFieldsOf(table.derived.clock, at),
    // An addition: the second seat taken starts a correspondence game's first deadline.
    ...(table.facts.stored.correspondence ? { deadline: isoDeadline(table.facts.stored) } : {}),
  };
}

/** Both seats as everyone sees them; the computer's seat carries its level and is always there. */
function seatsView(table: LiveTable): Seats {
  const { seats, computer } = table.facts.stored;
  const view = table.presence.seatsView(seats);
  return computer ? { ...view, [computer.side]: { taken: true, online: true, computer: computer.level } } : view;
}

/** The table's facts for its observers: as stored, plus who is there. */
export function tableSnapshot(table: LiveTable, created = false): TableSnapshot {
  const { computer } = table.facts.stored;
  return {
    stored: table.facts.stored,
    spectators: table.presence.spectators(),
    connected: table.presence.members.size,
    // A number, not an object of both seats: a snapshot is made at every change, and only the computer's seats ask.
    computerConnections: computer ? table.presence.localCount(computer.side) : 0,
    ...(created ? { created } : {}),
  };
}

/** The replayable record of a table's game. */
export function recordOf(table: LiveTable): RecordResponse {
  const { stored } = table.facts;
  return {
    record: { variant: stored.variant, options: { ...table.derived.game.variant.options }, moves: [...stored.moves] },
    result: stored.result,
  };
}
