// The in-process bus of the default mode: one process, so the table-wide facts are plain maps. Several buses on
// one hub stand for several instances in the authority's unit tests; events are delivered asynchronously, in order.
import type { Side } from '@fg/rules';
import { nanoid } from 'nanoid';

import type { BusListener, OfferKind, RematchAsked, SharedFacts, TableBus } from '../../tables/bus.js';
import type { InstancePresence, Offer, TableEvent } from '../../tables/events.js';

interface TableShared {
  drawOffer: Offer | null;
  takebackOffer: Offer | null;
  rematchAsks: Record<Side, string | null>;
  readonly presence: Map<string, InstancePresence>;
}

/** What the buses of one process share. */
export class MemoryHub {
  readonly tables = new Map<string, TableShared>();
  readonly buses = new Set<MemoryBus>();
  readonly leases = new Map<string, { owner: string; until: number }>();

  /** The shared facts of a table, made on first use. */
  table(id: string): TableShared {
    let shared = this.tables.get(id);
    if (!shared) {
      shared = { drawOffer: null, takebackOffer: null, rematchAsks: { fox: null, geese: null }, presence: new Map() };
      this.tables.set(id, shared);
    }
    return shared;
  }
}

/** A TableBus in process memory. */
export class MemoryBus implements TableBus {
  readonly instance = nanoid(8);
  readonly #hub: MemoryHub;
  readonly #subscribed = new Set<string>();
  #listener: BusListener = () => undefined;

  constructor(hub: MemoryHub = new MemoryHub()) {
    this.#hub = hub;
    hub.buses.add(this);
  }

  listen(listener: BusListener): void {
    this.#listener = listener;
  }

  async subscribe(tableId: string): Promise<void> {
    this.#subscribed.add(tableId);
  }

  async unsubscribe(tableId: string): Promise<void> {
    this.#subscribed.delete(tableId);
    // One process forgets a table's offers once no instance holds it, as the in-memory server always did.
    for (const bus of this.#hub.buses) if (bus.#subscribed.has(tableId)) return;
    this.#hub.tables.delete(tableId);
  }

  publish(tableId: string, event: TableEvent): Promise<void> | undefined {
    if (this.#hub.buses.size < 2) return undefined; // no other instance in this process: nobody to tell
    const message = { ...event, origin: this.instance };
    for (const bus of this.#hub.buses) {
      if (bus !== this && bus.#subscribed.has(tableId)) queueMicrotask(() => bus.#listener(tableId, message));
    }
    return undefined;
  }

  async shared(tableId: string): Promise<SharedFacts> {
    const shared = this.#hub.table(tableId);
    return {
      drawOffer: shared.drawOffer,
      takebackOffer: shared.takebackOffer,
      rematchAsks: { ...shared.rematchAsks },
      presence: new Map(shared.presence),
    };
  }

  async setOffer(tableId: string, kind: OfferKind, offer: Offer | null, expected?: Offer | null): Promise<boolean> {
    const shared = this.#hub.table(tableId);
    const field = kind === 'draw' ? 'drawOffer' : 'takebackOffer';
    if (expected !== undefined && JSON.stringify(shared[field]) !== JSON.stringify(expected)) return false;
    shared[field] = offer;
    return true;
  }

  async dropRematchAsk(tableId: string, side: Side): Promise<void> {
    this.#hub.table(tableId).rematchAsks[side] = null;
  }

  async askRematch(tableId: string, side: Side, tokenHash: string): Promise<RematchAsked> {
    const shared = this.#hub.table(tableId);
    const added = shared.rematchAsks[side] === null;
    if (added) shared.rematchAsks[side] = tokenHash;
    return { added, asks: { ...shared.rematchAsks } };
  }

  async setPresence(tableId: string, presence: InstancePresence): Promise<void> {
    this.#hub.table(tableId).presence.set(this.instance, presence);
    await this.publish(tableId, { type: 'presence', ply: -1, presence });
  }

  isLive(instance: string): boolean {
    for (const bus of this.#hub.buses) if (bus.instance === instance) return true;
    return false;
  }

  async lease(name: string, ms: number): Promise<boolean> {
    const now = Date.now();
    const held = this.#hub.leases.get(name);
    if (held && held.owner !== this.instance && held.until > now) return false;
    this.#hub.leases.set(name, { owner: this.instance, until: now + ms });
    return true;
  }

  async readiness(): Promise<{ ready: boolean; reason?: string }> {
    return { ready: true };
  }

  async close(): Promise<void> {
    this.#hub.buses.delete(this);
    this.#subscribed.clear();
  }
}
