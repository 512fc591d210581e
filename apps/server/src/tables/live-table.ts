// A table as the authority holds it in memory, and the views of it that clients are sent.
import type { GameResult, Role, Seats, SeatState, TableStatus, TableView } from '@fg/protocol';
import { type Game, makePosition, replayRecord, type Side, SIDES, type Variant } from '@fg/rules';

import type { ComputerSeat, StoredTable } from '../store/store.js';
import type { Clock } from './clock.js';
import { clockFields, storedClock } from './table-clock.js';
import type { TableSnapshot } from './table-observer.js';

/** A connection at a table, as the authority sees it: something that takes serialized messages. */
export interface Member {
  send(text: string): void;
}

/** Who a member is at its table; players keep their token to derive a rematch seat. */
export interface Seating {
  readonly role: Role;
  readonly token: string | null;
}

/** A loaded table: the stored facts, the replayed game, and who is connected. */
export interface LiveTable {
  readonly id: string;
  readonly createdAt: number;
  readonly options: StoredTable['options'];
  readonly seats: Record<Side, string | null>; // token hashes
  game: Game;
  position: string; // position text of game.position, kept so it is made once per move
  readonly moves: string[]; // move texts, oldest first
  result: GameResult | null;
  rematch: string | null;
  readonly members: Map<Member, Seating>;
  drawOffer: Side | null; // the side whose draw offer stands
  drawRefused: Side | null; // the side whose offer was declined, until its opponent moves: a new offer is ignored
  clock: Clock | null; // the table's clocks; null for a table without a time control
  readonly rematchAsks: Map<Side, string>; // side -> token of the player who asked
  readonly offlineSince: Record<Side, number>; // ms; when the seat last had no connection
  idleSince: number; // ms; when the last member left
  queue: Promise<unknown>; // actions on one table run one at a time
  readonly listed: boolean; // v1.1: shown in the lobby
  readonly computer: ComputerSeat | null; // v1.1: the seat the computer holds
}

/** What a table may be created with besides its seats (v1.1). */
export type TableExtras = Pick<StoredTable, 'clock' | 'listed' | 'computer'>;

/** A new table of a variant, before any move; the seats given are taken at `now`. */
export function newStoredTable(
  id: string,
  variant: Variant,
  seats: StoredTable['seats'],
  now: number,
  extras: TableExtras = {},
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
    clock: extras.clock ?? null,
    listed: extras.listed ?? false,
    computer: extras.computer ?? null,
    seatedAt: { fox: seats.fox === null ? null : now, geese: seats.geese === null ? null : now },
    moveTimes: [],
    endedAt: null,
  };
}

/** Rebuilds a live table from its stored form by replaying its moves; null if they do not replay. */
export function liveFromStored(stored: StoredTable, now: number): LiveTable | null {
  const replayed = replayRecord({ variant: stored.variant, options: stored.options, moves: stored.moves });
  if (!replayed.ok) return null;
  const game = replayed.value;
  return {
    id: stored.id,
    createdAt: stored.createdAt,
    options: game.variant.options,
    seats: { ...stored.seats },
    game,
    position: makePosition(game.variant.board, game.position),
    moves: [...stored.moves],
    result: stored.result ?? game.result,
    rematch: stored.rematch,
    members: new Map(),
    drawOffer: null,
    drawRefused: null,
    clock: storedClock(stored, game.variant.firstSide),
    rematchAsks: new Map(),
    offlineSince: { fox: now, geese: now },
    idleSince: now,
    queue: Promise.resolve(),
    listed: stored.listed ?? false,
    computer: stored.computer ?? null,
  };
}

/** Waiting while a seat is free, finished once there is a result, playing in between. */
export function tableStatus(table: LiveTable): TableStatus {
  if (table.result) return 'finished';
  return table.seats.fox !== null && table.seats.geese !== null ? 'playing' : 'waiting';
}

/** Whether any connection holds this side's seat. */
export function isOnline(table: LiveTable, side: Side): boolean {
  for (const seating of table.members.values()) if (seating.role === side) return true;
  return false;
}

/** Both seats as everyone sees them. */
export function seatsView(table: LiveTable): Seats {
  const seat = (side: Side): SeatState => {
    // v1.1: the computer's seat carries its level; the computer is always there, even before it has joined.
    if (table.computer?.side === side) return { taken: true, online: true, computer: table.computer.level };
    return { taken: table.seats[side] !== null, online: isOnline(table, side) };
  };
  return { fox: seat('fox'), geese: seat('geese') };
}

/** How many connections watch the table. */
export function spectatorCount(table: LiveTable): number {
  let count = 0;
  for (const seating of table.members.values()) if (seating.role === 'spectator') count++;
  return count;
}

/** The table as everyone at it sees it at time `at`: no tokens, ever. */
export function tableView(table: LiveTable, at: number = Date.now()): TableView {
  return {
    id: table.id,
    variant: table.game.variant.id,
    options: { ...table.options },
    status: tableStatus(table),
    seats: seatsView(table),
    spectators: spectatorCount(table),
    position: table.position,
    turn: table.game.position.turn,
    ply: table.moves.length,
    moves: [...table.moves],
    result: table.result,
    rematch: table.rematch,
    // Offers live only in memory; the view carries them so a reconnecting client still sees them.
    drawOffer: table.drawOffer,
    rematchRequests: SIDES.filter((side) => table.rematchAsks.has(side)),
    ...clockFields(table, at),
  };
}

/** The table's facts for its observers (v1.1): as stored, plus who is there. */
export function tableSnapshot(table: LiveTable): TableSnapshot {
  return {
    stored: {
      id: table.id,
      variant: table.game.variant.id,
      options: table.options,
      seats: table.seats,
      moves: table.moves,
      result: table.result,
      rematch: table.rematch,
      createdAt: table.createdAt,
      listed: table.listed,
      computer: table.computer,
    },
    spectators: spectatorCount(table),
    connected: table.members.size,
  };
}
