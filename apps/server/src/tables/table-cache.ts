// This instance's cache of the tables in use. The store and the bus hold the truth; the cache follows them,
// loads a table on demand (never remembering a failed load), reloads it when it turns out behind, and tells the
// members here of every change through the one transition. Presence is coalesced here, table-wide.
import type { Game } from '@fg/rules';

import type { SharedFacts, TableBus } from './bus.js';
import type { InstancePresence } from './events.js';
import { encode } from './member.js';
import { broadcast, sendRematch } from './messages.js';
import { samePresence } from './presence.js';
import type { StoredTable, TableStore } from './store.js';
import { factsOf, type LiveTable, liveTable, type TableFacts } from './table-state.js';
import { transition } from './table-transition.js';
import { presenceMessage, tableView } from './views.js';

/** At most one `presence` per table per this many ms (docs/protocol.md), with the latest counts. */
export const PRESENCE_MS = 250;
/** How long a table nobody is connected to here stays in memory. */
const IDLE_MS = 10 * 60_000;
/** How often the reports of instances that stopped showing signs of life are dropped. */
const DEAD_CHECK_MS = 5_000;

const NO_SHARED: SharedFacts = {
  drawOffer: null,
  takebackOffer: null,
  rematchAsks: { fox: null, geese: null },
  presence: new Map(),
};

/** The tables this instance holds. */
export class TableCache {
  readonly #store: TableStore;
  readonly #bus: TableBus;
  readonly #now: () => number;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #tables = new Map<string, LiveTable>();
  readonly #loading = new Map<string, Promise<LiveTable | null>>();
  readonly #deadCheck: ReturnType<typeof setInterval>;
  /** Called after every change of a table's facts (the authority sets its clock timer from it). */
  onChange: (live: LiveTable) => void = () => undefined;
  /** Called when a table leaves memory. */
  onForget: (id: string) => void = () => undefined;
  /** Whether an idle table must stay loaded all the same (v1.2: a deadline of its own is ahead). */
  keepLoaded: (live: LiveTable) => boolean = () => false;

  constructor(store: TableStore, bus: TableBus, now: () => number, onError: (error: unknown, what: string) => void) {
    this.#store = store;
    this.#bus = bus;
    this.#now = now;
    this.#onError = onError;
    this.#deadCheck = setInterval(() => this.#dropDead(), DEAD_CHECK_MS);
    this.#deadCheck.unref();
  }

  /** How many tables are held in memory. */
  get size(): number {
    return this.#tables.size;
  }

  /** A table from memory or the store; concurrent loads of one table share one read; a failed load rejects. */
  async get(id: string): Promise<LiveTable | null> {
    const cached = this.#tables.get(id);
    if (cached) return cached;
    let loading = this.#loading.get(id);
    if (!loading) {
      loading = this.#load(id).finally(() => this.#loading.delete(id));
      this.#loading.set(id, loading);
    }
    return loading;
  }

  /** Loads tables nobody may ask for soon (after a start: those with a deadline to keep); failures are logged. */
  async preload(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.get(id).catch((error: unknown) => this.#onError(error, 'preload'));
  }

  /** A table that was just created, for its first view; not kept. */
  detached(stored: StoredTable): LiveTable {
    return liveTable(factsOf(stored, NO_SHARED), this.#now())!;
  }

  async #load(id: string): Promise<LiveTable | null> {
    // Subscribed before the read, so an event published after the read cannot be missed.
    await this.#bus.subscribe(id);
    try {
      const [stored, shared] = await Promise.all([this.#store.loadTable(id), this.#bus.shared(id)]);
      const live = stored ? liveTable(factsOf(stored, shared), this.#now()) : null;
      if (stored && !live) this.#onError(new Error(`table ${id} does not replay`), 'load');
      if (!live) {
        await this.#bus.unsubscribe(id);
        return null;
      }
      for (const [instance, presence] of shared.presence)
        if (instance !== this.#bus.instance) live.presence.setRemote(instance, presence);
      this.#tables.set(id, live);
      this.onChange(live);
      return live;
    } catch (error) {
      await this.#bus.unsubscribe(id).catch(() => undefined);
      throw error;
    }
  }

  /** Runs `then` on a table held here, after its load if it is loading; nothing if it is neither. */
  async whenLoaded(id: string, then: (live: LiveTable) => Promise<void>): Promise<void> {
    const live = this.#tables.get(id) ?? (await this.#loading.get(id)?.catch(() => null));
    if (live) await then(live);
  }

  /** Runs one action on a table after the ones before it. */
  exclusive<T>(live: LiveTable, action: () => Promise<T>): Promise<T> {
    const run = live.queue.then(action, action);
    live.queue = run.catch(() => undefined);
    return run;
  }

  /** Takes new facts into the cache and tells the members here what changed. */
  apply(live: LiveTable, next: TableFacts, played?: Game): void {
    const change = transition(live, next, played);
    if (!change) {
      this.#onError(new Error(`table ${live.id} does not replay`), 'apply');
      return;
    }
    live.facts = next;
    live.derived = change.derived;
    live.view = null; // built again from the new facts when someone is welcomed
    for (const message of change.messages) broadcast(live, message);
    // v1.2: a takeback is told as the whole table after it, built once for everyone.
    if (change.rebuilt === 'taken-back') {
      broadcast(live, { type: 'taken-back', table: tableView(live, this.#now()) });
      this.#shown(live);
    }
    if (change.rematch) for (const member of live.presence.members.keys()) sendRematch(live, member);
    if (change.seatsChanged) this.presenceChanged(live);
    this.onChange(live);
  }

  /** Reloads a table from the store and the bus; rejects (and marks it stale) when they do not answer. */
  async refresh(live: LiveTable): Promise<void> {
    let stored: StoredTable | null;
    let shared: SharedFacts;
    try {
      [stored, shared] = await Promise.all([this.#store.loadTable(live.id), this.#bus.shared(live.id)]);
    } catch (error) {
      live.stale = true;
      throw error;
    }
    live.stale = false;
    if (!stored) return this.#forget(live.id); // removed as a stale waiting table
    this.apply(live, factsOf(stored, shared));
    for (const [instance, presence] of shared.presence)
      if (instance !== this.#bus.instance) live.presence.setRemote(instance, presence);
  }

  /**
   * After the bus lost and regained its connection: events may have been missed, so every table reloads; and
   * this instance's presence is written and published again (the other instances may have dropped it meanwhile,
   * or Redis restarted empty), so all agree on who is online within moments.
   */
  refreshAll(): void {
    for (const live of this.#tables.values()) {
      if (live.presence.reported || live.presence.unsent || live.presence.members.size > 0) this.#report(live, true);
      this.exclusive(live, () => this.refresh(live)).catch((error: unknown) => this.#onError(error, 'refresh'));
    }
  }

  /** Another instance's connections at a table (loaded here, or loading when they were published). */
  heardPresence(live: LiveTable, instance: string, presence: InstancePresence): void {
    live.presence.setRemote(instance, presence);
    this.presenceChanged(live);
  }

  /** A member was just welcomed with the table as it is now: its presence goes out (see `#shown`). */
  welcomed(live: LiveTable): void {
    this.#shown(live);
    this.presenceChanged(live);
  }

  /**
   * Members were just sent the table's seats as they are now (a welcome, v1.2: a takeback's whole table). When that
   * differs from the last `presence` sent, the next one goes out even if it says what that one said: else a member
   * told while a `presence` waited would keep those seats (a player who left meanwhile, online for ever).
   * Compared as `encode`'s text (its JSON), without building a frame.
   */
  #shown(live: LiveTable): void {
    const presence = live.presence;
    if (presence.presenceText && JSON.stringify(presenceMessage(live, this.#now())) !== presence.presenceText)
      presence.presenceText = '';
  }

  /** Schedules a `presence`: at once if none went out in the last PRESENCE_MS, else once that time is up. */
  presenceChanged(live: LiveTable): void {
    const presence = live.presence;
    if (presence.presenceTimer) return;
    const wait = presence.presenceSentAt + PRESENCE_MS - performance.now();
    if (wait <= 0) return this.#sendPresence(live);
    presence.presenceTimer = setTimeout(() => this.#sendPresence(live), wait);
    presence.presenceTimer.unref();
  }

  #sendPresence(live: LiveTable): void {
    const presence = live.presence;
    presence.presenceTimer = null;
    presence.presenceSentAt = performance.now();
    if (presence.reported || presence.unsent || presence.members.size > 0) this.#report(live, false);
    const outgoing = encode(presenceMessage(live, this.#now()));
    if (outgoing.text === presence.presenceText) return;
    presence.presenceText = outgoing.text;
    for (const member of presence.members.keys()) member.send(outgoing.text, outgoing);
  }

  /** Writes this instance's connections at a table to the bus (and so to the other instances), when they changed. */
  #report(live: LiveTable, always: boolean): void {
    const presence = live.presence;
    const local = presence.local();
    if (!always && samePresence(presence.reported, local)) return;
    presence.reported = local;
    presence.unsent = false;
    this.#bus.setPresence(live.id, local).catch((error: unknown) => {
      // Written again with the next change, or when the bus is back.
      presence.reported = null;
      presence.unsent = true;
      this.#onError(error, 'presence');
    });
  }

  #dropDead(): void {
    const now = this.#now();
    for (const live of this.#tables.values()) {
      if (live.presence.hasRemote && live.presence.dropDead((i) => this.#bus.isLive(i), now))
        this.presenceChanged(live);
    }
  }

  /** Forgets removed tables, and tables nobody here was at for IDLE_MS. */
  async sweep(removed: readonly string[]): Promise<void> {
    for (const id of removed) await this.#forget(id);
    const now = this.#now();
    for (const [id, live] of this.#tables) {
      if (live.presence.members.size === 0 && now - live.presence.idleSince > IDLE_MS && !this.keepLoaded(live))
        await this.#forget(id);
    }
  }

  async #forget(id: string): Promise<void> {
    const live = this.#tables.get(id);
    if (!live) return;
    this.#tables.delete(id);
    this.onForget(id);
    if (live.presence.presenceTimer) clearTimeout(live.presence.presenceTimer);
    await this.#bus.unsubscribe(id).catch((error: unknown) => this.#onError(error, 'unsubscribe'));
  }

  /** Stops the timers. */
  close(): void {
    clearInterval(this.#deadCheck);
    for (const live of this.#tables.values())
      if (live.presence.presenceTimer) clearTimeout(live.presence.presenceTimer);
  }
}
