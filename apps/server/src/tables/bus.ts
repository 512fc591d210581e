// What server instances share besides the store: events to a table's members connected elsewhere, and the
// table-wide facts that need not outlive a restart (draw offers, rematch requests, presence, leases).
// One process uses the in-process bus; with REDIS_URL every instance uses Redis (docs/protocol.md, Scale-out).
import type { Side } from '@fg/rules';

import type { InstancePresence, Offer, TableEvent } from './events.js';

/** The answer to a rematch request: whether it was new, and both sides' requests after it. */
export interface RematchAsked {
  readonly added: boolean;
  readonly asks: Readonly<Record<Side, string | null>>;
}

/** The offers kept on the bus. */
export type OfferKind = 'draw' | 'takeback';

/** The table-wide facts kept on the bus. */
export interface SharedFacts {
  readonly drawOffer: Offer | null;
  readonly takebackOffer: Offer | null;
  readonly rematchAsks: Readonly<Record<Side, string | null>>; // hash of the asker's seat token at the rematch
  readonly presence: ReadonlyMap<string, InstancePresence>; // instance id -> its connections, live instances only
}

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
  /** Tells every other instance subscribed to the table; undefined when there was nobody to tell (nothing to wait for). */
  publish(tableId: string, event: TableEvent): Promise<void> | undefined;
  /** The table-wide facts of a table. */
  shared(tableId: string): Promise<SharedFacts>;
  /**
   * Stores the draw or takeback offer (null: none). With `expected`, a compare-and-set: only while the stored one is
   * still `expected` (two instances deciding on the same facts cannot both write; the loser decides again on the
   * new ones, so two crossed draw offers make a draw). False when it was not stored.
   */
  setOffer(tableId: string, kind: OfferKind, offer: Offer | null, expected?: Offer | null): Promise<boolean>;
  /** Records a side's rematch request unless it has one; atomically, so only one call sees the pair complete. */
  askRematch(tableId: string, side: Side, tokenHash: string): Promise<RematchAsked>;
  /** Withdraws a side's rematch request (its opponent declined); it may ask again. */
  dropRematchAsk(tableId: string, side: Side): Promise<void>;
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
