// What server instances share besides the store: events to a table's members connected elsewhere, and the
// table-wide facts that need not outlive a restart (draw offers, rematch requests, presence, leases).
// One process uses the in-process bus; with REDIS_URL every instance uses Redis (docs/protocol.md, Scale-out).
import type { GameResult } from '@fg/protocol';
import type { Side } from '@fg/rules';

/** The answer to a rematch request: whether it was new, and both sides' requests after it. */
export interface RematchAsked {
  readonly added: boolean;
  readonly asks: Readonly<Record<Side, string | null>>;
}

/** A standing draw offer: who offered, and at which ply (it lapses once the opponent moves). */
export interface DrawOffer {
  readonly side: Side; // 'fox'
  readonly ply: number; // 12
  readonly declined?: boolean; // the opponent declined it: it lapsed, and may not be repeated before they move
}

/** Connections one instance holds at one table, and when each seat last lost its last connection there. */
export interface InstancePresence {
  readonly fox: number; // connections holding the fox seat
  readonly geese: number;
  readonly spectators: number;
  readonly left: Readonly<Record<Side, number>>; // ms; when that seat's count last fell to 0 here
}

/** The table-wide facts kept on the bus. */
export interface SharedFacts {
  readonly drawOffer: DrawOffer | null;
  readonly rematchAsks: Readonly<Record<Side, string | null>>; // hash of the asker's seat token at the rematch
  readonly presence: ReadonlyMap<string, InstancePresence>; // instance id -> its connections, live instances only
}

/**
 * What one instance tells the others about a table. `ply` is the table's ply when the event happened (for
 * `moved`, the ply of the move), so a receiver that is behind reloads from the store instead of guessing.
 */
export type TableEvent =
  | {
      readonly type: 'moved';
      readonly ply: number;
      readonly move: string;
      readonly result: GameResult | null;
      readonly at?: number; // ms when it was stored (the clocks are charged from it)
    }
  | { readonly type: 'ended'; readonly ply: number; readonly result: GameResult; readonly at?: number }
  | { readonly type: 'seat'; readonly ply: number; readonly side: Side; readonly tokenHash: string }
  | { readonly type: 'draw'; readonly ply: number; readonly offer: DrawOffer | null }
  | { readonly type: 'rematch-ask'; readonly ply: number; readonly side: Side; readonly tokenHash: string }
  | { readonly type: 'rematch'; readonly ply: number; readonly table: string }
  | { readonly type: 'presence'; readonly ply: number; readonly presence: InstancePresence };

/** An event as received: the instance that sent it comes with it. */
export type BusMessage = TableEvent & { readonly origin: string };

/** Called for each event about a subscribed table, in the order the bus received them. */
export type BusListener = (tableId: string, message: BusMessage) => void;

/** The bus between instances. A call that fails rejects; none hangs. */
export interface TableBus {
  /** This instance's id, unique among the live instances. */
  readonly instance: string;
  /** Sets the one listener for events of subscribed tables, and one called after a lost connection came back. */
  listen(listener: BusListener, resumed: () => void): void;
  /** Starts receiving a table's events; resolves once events published after it will arrive. */
  subscribe(tableId: string): Promise<void>;
  /** Stops receiving a table's events. */
  unsubscribe(tableId: string): Promise<void>;
  /** Tells every other instance subscribed to the table. */
  publish(tableId: string, event: TableEvent): Promise<void>;
  /** The table-wide facts of a table. */
  shared(tableId: string): Promise<SharedFacts>;
  /** Stores the standing draw offer (null: none). */
  setDrawOffer(tableId: string, offer: DrawOffer | null): Promise<void>;
  /** Records a side's rematch request unless it has one; atomically, so only one call sees the pair complete. */
  askRematch(tableId: string, side: Side, tokenHash: string): Promise<RematchAsked>;
  /** Stores this instance's connections at a table (and publishes them). */
  setPresence(tableId: string, presence: InstancePresence): Promise<void>;
  /** Whether an instance has shown a sign of life lately (its presence entries count while it is). */
  isLive(instance: string): boolean;
  /** Takes or renews a lease on a name for `ms`: true for exactly one instance at a time (e.g. a table's clock). */
  lease(name: string, ms: number): Promise<boolean>;
  /** Whether the bus answers. */
  readiness(): Promise<{ ready: boolean; reason?: string }>;
  /** Stops; no call may follow. */
  close(): Promise<void>;
}
