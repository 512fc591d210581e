// The lobby: keeps the index up to date as listed tables change, answers `GET /api/lobby`, and tells live
// subscribers (the home pages) each new state, coalesced, and again when a waiting table leaves by age.
import type { LobbyResponse } from '@fg/protocol';
import type { Side } from '@fg/rules';

import type { StoredTable } from '../store/store.js';
import type { TableObserver, TableSnapshot } from '../tables/table-observer.js';
import type { LobbyEntry, LobbyIndex } from './lobby-index.js';

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
  #pending: NodeJS.Timeout | null = null;
  #expiry: NodeJS.Timeout | null = null;
  #writes: Promise<void> = Promise.resolve(); // index writes in order, so a later state never lands first
  #last = '';

  constructor(index: LobbyIndex, options: LobbyOptions) {
    this.#index = index;
    this.#now = options.now ?? Date.now;
    this.#coalesceMs = options.coalesceMs ?? 250;
    this.#onError = options.onError;
  }

  /** A table changed: a listed table's entry is replaced, or dropped once its game has ended. */
  changed(table: TableSnapshot): void {
    if (table.stored.listed) this.#write(entryOf(table), table.stored.id);
  }

  /** After a restart: the listed unfinished tables of the store, nobody watching yet. */
  async restore(tables: readonly StoredTable[]): Promise<void> {
    for (const stored of tables) if (stored.listed) this.#write(entryOf({ stored, spectators: 0 }), stored.id);
    await this.#writes;
  }

  /** Both lists, now. */
  async list(): Promise<LobbyResponse> {
    await this.#writes;
    return this.#index.list(this.#now());
  }

  /** Calls `listener` with each new state of the lobby as JSON, made once for all (not the current one); returns the unsubscribe. */
  subscribe(listener: (json: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops the timers. */
  close(): void {
    if (this.#pending) clearTimeout(this.#pending);
    if (this.#expiry) clearTimeout(this.#expiry);
    this.#listeners.clear();
  }

  #write(entry: LobbyEntry | null, id: string): void {
    this.#writes = this.#writes
      .then(() => (entry ? this.#index.put(entry) : this.#index.remove(id)))
      .catch((error: unknown) => this.#onError(error, 'lobby write'));
    this.#schedule();
  }

  /** One update for all changes within the coalescing time. */
  #schedule(): void {
    if (this.#pending) return;
    this.#pending = setTimeout(() => {
      this.#pending = null;
      this.#publish().catch((error: unknown) => this.#onError(error, 'lobby publish'));
    }, this.#coalesceMs);
    this.#pending.unref();
  }

  /** Tells the subscribers when the lists differ from the last told; then waits for the next waiting table's expiry. */
  async #publish(): Promise<void> {
    const lobby = await this.list();
    const text = JSON.stringify(lobby);
    if (text !== this.#last) {
      this.#last = text;
      for (const listener of this.#listeners) listener(text);
    }
    const next = await this.#index.nextExpiry();
    if (this.#expiry) clearTimeout(this.#expiry);
    this.#expiry = null;
    if (next === null) return;
    // Bounded, so a clock set by a test or a jump of the system clock cannot put it years away.
    const delay = Math.min(Math.max(next - this.#now() + 10, 1000), 10 * 60_000);
    this.#expiry = setTimeout(() => this.#schedule(), delay);
    this.#expiry.unref();
  }
}
