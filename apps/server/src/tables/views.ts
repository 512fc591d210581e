// The views of a table that clients are sent, and a new table's stored form.
import type { ClockSetting, ServerMessageOf, TableView } from '@fg/protocol';
import { SIDES, type Variant } from '@fg/rules';

import type { StoredTable } from '../store/store.js';
import { clockFields } from './table-clock.js';
import { type LiveTable, standingOffer } from './table-state.js';
import { statusOf } from './table-transition.js';

/** A new table of a variant, before any move; the seats given are taken at `now`. */
export function newStoredTable(
  id: string,
  variant: Variant,
  seats: StoredTable['seats'],
  now: number,
  clock: ClockSetting | null = null,
): StoredTable {
  return {
    id,
    variant: variant.id,
    options: variant.options,
    seats,
    moves: [],
    result: null,
    rematch: null,
    createdAt: now,
    clock,
    seatedAt: { fox: seats.fox === null ? null : now, geese: seats.geese === null ? null : now },
    moveTimes: [],
    endedAt: null,
  };
}

/** The table as everyone at it sees it, its clocks as of `at`: no tokens, ever. */
export function tableView(table: LiveTable, at: number = Date.now()): TableView {
  const { stored } = table.facts;
  const { game, position } = table.derived;
  return {
    id: table.id,
    variant: game.variant.id,
    options: { ...game.variant.options },
    status: statusOf(stored),
    seats: table.connections.seatsView(stored.seats),
    spectators: table.connections.spectators(),
    position,
    turn: game.position.turn,
    ply: stored.moves.length,
    moves: [...stored.moves],
    result: stored.result,
    rematch: stored.rematch,
    // Offers live on the bus, not in the store; the view carries them so a reconnecting client still sees them.
    drawOffer: standingOffer(table.facts, game.position.turn)?.side ?? null,
    rematchRequests: stored.rematch ? [] : SIDES.filter((side) => table.facts.rematchAsks[side] !== null),
    ...clockFields(table, at),
  };
}

/** Who is connected and how many watch, table-wide (and the clocks, which a seat taken may start). */
export function presenceMessage(table: LiveTable, at: number = Date.now()): ServerMessageOf<'presence'> {
  return {
    type: 'presence',
    seats: table.connections.seatsView(table.facts.stored.seats),
    spectators: table.connections.spectators(),
    ...clockFields(table, at),
  };
}
