// The events of a table: what one change is, as the authority decides it, the store or bus writes it, other
// instances hear it and `evolve` (tables/evolve.ts) applies it. A new kind of change is a new case here, its
// write in tables/write-event.ts, its facts in evolve.ts and its messages in tables/table-transition.ts.
import type { GameResult } from '@fg/protocol';
import type { Side } from '@fg/rules';

import type { ChatEntry } from './chat-log.js';

/**
 * A standing offer of a draw or a takeback: who offered, and at which ply. A draw offer lapses once the
 * offerer's opponent moves, a takeback offer once either side moves.
 */
export interface Offer {
  readonly side: Side; // 'fox'
  readonly ply: number; // 12
  readonly declined?: boolean; // the opponent declined it: it lapsed, and may not be repeated before a move
}

/** Connections one instance holds at one table, and when each seat last lost its last connection there. */
export interface InstancePresence {
  readonly fox: number; // connections holding the fox seat
  readonly geese: number;
  readonly spectators: number;
  readonly left: Readonly<Record<Side, number>>; // ms; when that seat's count last fell to 0 here
  // Rises with each report of one process: a report read late (a table's reload racing a newer one heard on the
  // bus) is known by its lower number and skipped.
  readonly serial: number;
}

/** A stored takeback: the table went back to `to` moves at `at` (ms); the clocks restart from then. */
export interface Takeback {
  readonly to: number;
  readonly at: number;
}

/**
 * One change of a table. `ply` is the table's ply when it happened (for `moved`, the ply of the move), so a
 * receiver that is behind reloads from the store instead of guessing.
 */
export type TableEvent =
  | {
      readonly type: 'moved';
      readonly ply: number;
      readonly move: string;
      readonly result: GameResult | null;
      readonly at: number; // ms when it was stored (the clocks are charged from it)
    }
  | { readonly type: 'ended'; readonly ply: number; readonly result: GameResult; readonly at: number }
  | {
      readonly type: 'seat';
      readonly ply: number;
      readonly side: Side;
      readonly tokenHash: string;
      readonly at: number;
    }
  | { readonly type: 'draw'; readonly ply: number; readonly offer: Offer | null }
  | { readonly type: 'takeback'; readonly ply: number; readonly offer: Offer | null } // offer or decline
  | { readonly type: 'taken-back'; readonly ply: number; readonly to: number; readonly at: number } // stored
  | { readonly type: 'rematch-ask'; readonly ply: number; readonly side: Side; readonly tokenHash: string }
  | { readonly type: 'rematch-decline'; readonly ply: number; readonly side: Side } // `side` declined
  | { readonly type: 'rematch'; readonly ply: number; readonly table: string }
  | { readonly type: 'presence'; readonly ply: number; readonly presence: InstancePresence }
  | { readonly type: 'chat'; readonly ply: number; readonly entry: ChatEntry }; // kept by the chat log

/** One kind of event. */
export type TableEventOf<K extends TableEvent['type']> = Extract<TableEvent, { type: K }>;

/** Events a store that announces its writes publishes with the write itself (the rest go on the bus). */
export const STORED_EVENTS: ReadonlySet<TableEvent['type']> = new Set([
  'moved',
  'ended',
  'seat',
  'taken-back',
  'rematch',
]);
