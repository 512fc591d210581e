// The lobby: keeps the index up to date as listed tables change, answers `GET /api/lobby`, and tells live
// subscribers (the home pages) each new state, coalesced, and again when a waiting table leaves by age.
import { LOBBY_WAITING_MS, type LobbyResponse } from '@fg/protocol';
import type { Side } from '@fg/rules';

import type { StoredTable } from '../tables/store.js';
import type { TableObserver, TableSnapshot } from '../tables/table-observer.js';
import type { LobbyEntry, LobbyIndex } from './lobby-index.js';

/** How soon a failed write or read of the index is tried again. */
const RETRY_MS = 1_000;

/** Settings and seams of the lobby. */
export interface LobbyOptions {
  readonly now?: () => number;
  readonly coalesceMs?: number; // 250: changes within this time go out as one update
  readonly onError: (error: unknown, what: string) => void;
}

/** A table's lobby entry, or null when it is not listed or its game has ended. */
function entryOf({ stored, spectators }: Pick<TableSnapshot, 'stored' | 'spectators'>): LobbyEntry | null {
  if (!stored.listed || stored.result) return null;
  const { seats } = stored;
  const freeSide: Side | undefined = seats.fox === null ? 'fox' : seats.geese === null ? 'geese' : undefined;
  return {
    id: stored.id,
    status: freeSide ? 'waiting' : 'playing',
    computer: Boolean(stored.computer),
    createdAt: stored.createdAt,
    table: {
      id: stored.id,
      variant: stored.variant,
      options: { ...stored.options },
      ...(stored.clock ? { clock: { initial: stored.clock.initial, increment: stored.clock.increment } } : {}),
      ...(stored.correspondence ? { correspondence: { days: stored.correspondence.days } } : {}),
      ...(freeSide ? { freeSide } : {}),
      ply: stored.moves.length,
      spectators,
      ...(stored.computer ? { computer: stored.computer.level } : {}),
    },
  };
}

/** The lobby of this server, over an index that may be shared by several. */
export class Lobby implements TableObserver {
  readonly #index: LobbyIndex;
  readonly #now: () => number;
  readonly #coalesceMs: number;
  readonly #onError: LobbyOptions['onError'];
  readonly #listeners = new Set<(json: string) => void>();
  readonly #unwatch: () => void;
  // The latest state of each table not yet in the index, oldest change first: written in order, so a later state
  // never lands first, and kept when the index fails, so it is written once the index is back.
  readonly #unwritten = new Map<string, LobbyEntry | null>();
  #flushing: Promise<void> | null = null;
  #pending: NodeJS.Timeout | null = null;
  #expiry: NodeJS.Timeout | null = null;
  #retry: NodeJS.Timeout | null = null;
  #last = '';
  #closed = false;
  // Listed tables made here that still wait for a player -> the address that made each (and when): see `claim`.
  readonly #makers = new Map<string, { readonly address: string; readonly createdAt: number }>();

  constructor(index: LobbyIndex, options: LobbyOptions) {
    this.#index = index;
    this.#now = options.now ?? Date.now;
    this.#coalesceMs = options.coalesceMs ?? 250;
    this.#onError = options.onError;
    // Another instance wrote (Redis mode): the feed here tells its subscribers too.
    this.#unwatch = index.watch(() => this.#schedule());
  }

  /** A table changed: a listed table's entry is replaced, or dropped once its game has ended. */
  changed(table: TableSnapshot): void {
    if (!table.stored.listed) return;
    const entry = entryOf(table);
    if (entry?.status !== 'waiting') this.#makers.delete(table.stored.id); // seated, or over: no longer waiting
    this.#write(entry, table.stored.id);
  }

  /** A listed table was just made from `address`: it counts for the address while it waits (see `waitingFrom`). */
  claim(tableId: string, address: string): void {
    this.#makers.set(tableId, { address, createdAt: this.#now() });
  }

  /** How many listed tables made from `address` (on this instance) wait in the lobby now: one address cannot fill it. */
  waitingFrom(address: string): number {
    const shownSince = this.#now() - LOBBY_WAITING_MS;
    let count = 0;
    for (const [id, maker] of this.#makers) {
      if (maker.createdAt <= shownSince)
        this.#makers.delete(id); // left the lobby by age
      else if (maker.address === address) count++;
    }
    return count;
  }

  /** After a restart: the listed unfinished tables of the store, nobody watching yet (an index in Redis has them). */
  async restore(tables: readonly StoredTable[]): Promise<void> {
    if (this.#index.durable) return;
    for (const stored of tables) if (stored.listed) this.#write(entryOf({ stored, spectators: 0 }), stored.id);
    await this.#flush();
  }

  /** Both lists, now; rejects while the index does not answer. */
  async list(): Promise<LobbyResponse> {
    await this.#flush();
    return this.#index.list(this.#now());
  }

  /**
   * Calls `listener` with each new state of the lobby as JSON, made once for all; `current` is the state the
   * subscriber was sent already. Returns the unsubscribe.
   */
  subscribe(listener: (json: string) => void, current: string): () => void {
    if (this.#listeners.size === 0) {
      // The feed was idle (nothing compared, no expiry timer): it starts from what this subscriber was sent.
      this.#last = current;
      this.#armExpiry().catch((error: unknown) => this.#onError(error, 'lobby expiry'));
    }
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops the timers. */
  close(): void {
    for (const timer of [this.#pending, this.#expiry, this.#retry]) if (timer) clearTimeout(timer);
    this.#closed = true;
    this.#unwatch();
    this.#listeners.clear();
  }

  #write(entry: LobbyEntry | null, id: string): void {
    this.#unwritten.delete(id); // set again at the end: the map's order is the order of the changes
    this.#unwritten.set(id, entry);
    void this.#flush();
    this.#schedule();
  }

  /** Writes the changes not yet in the index, in order; at the first failure the rest waits for a retry. */
  #flush(): Promise<void> {
    this.#flushing ??= this.#writeAll().then((written) => {
      this.#flushing = null;
      // A change made between the last write and now found this flush ending: it goes now.
      if (written && this.#unwritten.size > 0) return this.#flush();
    });
    return this.#flushing;
  }

  /** Writes the oldest change until none is left; false when the index failed (then a retry is set). */
  async #writeAll(): Promise<boolean> {
    for (let next = this.#unwritten.entries().next(); !next.done; next = this.#unwritten.entries().next()) {
      const [id, entry] = next.value;
      try {
        if (entry) await this.#index.put(entry, this.#now());
        else await this.#index.remove(id);
      } catch (error) {
        this.#onError(error, 'lobby write');
        this.#retryLater();
        return false;
      }
      // Changed meanwhile: the newer state is at the end of the map and is written in its turn.
      if (this.#unwritten.get(id) === entry) this.#unwritten.delete(id);
    }
    return true;
  }

  /** Tries the index again in a second: unwritten changes, then the feed (which a failed read left behind). */
  #retryLater(): void {
    if (this.#retry || this.#closed) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#flush();
      this.#schedule();
    }, RETRY_MS);
    this.#retry.unref();
  }

  /** One update for all changes within the coalescing time. */
  #schedule(): void {
    if (this.#pending || this.#closed) return;
    this.#pending = setTimeout(() => {
      this.#pending = null;
      this.#publish().catch((error: unknown) => {
        this.#onError(error, 'lobby publish');
        this.#retryLater();
      });
    }, this.#coalesceMs);
    this.#pending.unref();
  }

  /** Tells the subscribers when the lists differ from the last told; then waits for the next waiting table's expiry. */
  async #publish(): Promise<void> {
    if (this.#listeners.size === 0) {
      // Nobody to tell (many instances hear every write): a later subscriber is sent whatever differs from ''.
      this.#last = '';
      return;
    }
    const lobby = await this.list();
    const text = JSON.stringify(lobby);
    if (text !== this.#last) {
      this.#last = text;
      for (const listener of this.#listeners) listener(text);
    }
    await this.#armExpiry();
  }

  /** Sets the timer for the next waiting table's leaving by age, when the feed must change by itself. */
  async #armExpiry(): Promise<void> {
    const next = await this.#index.nextExpiry();
    if (this.#expiry) clearTimeout(this.#expiry);
    this.#expiry = null;
    if (next === null || this.#closed) return;
    // Bounded, so a clock set by a test or a jump of the system clock cannot put it years away.
    const delay = Math.min(Math.max(next - this.#now() + 10, 1000), 10 * 60_000);
    this.#expiry = setTimeout(() => this.#schedule(), delay);
    this.#expiry.unref();
  }
}
