// The lobby index of one process: a map, the lobby's lists ordered and cut as every index does (lobbyLists).
import { LOBBY_WAITING_MS, type LobbyResponse } from '@fg/protocol';

import { type LobbyEntry, type LobbyIndex, lobbyLists } from '../../lobby/lobby-index.js';

/** The lobby index of a single server process. */
export class MemoryLobbyIndex implements LobbyIndex {
  readonly durable = false;
  readonly #entries = new Map<string, LobbyEntry>();

  async put(entry: LobbyEntry): Promise<void> {
    this.#entries.set(entry.id, entry);
  }

  async remove(id: string): Promise<void> {
    this.#entries.delete(id);
  }

  async list(now: number): Promise<LobbyResponse> {
    // Tables that waited too long leave for good; should a player still take the seat by the link, it comes back in play.
    for (const [id, entry] of this.#entries) {
      if (entry.status === 'waiting' && entry.createdAt <= now - LOBBY_WAITING_MS) this.#entries.delete(id);
    }
    return lobbyLists(this.#entries.values(), now);
  }

  async nextExpiry(): Promise<number | null> {
    let next: number | null = null;
    for (const entry of this.#entries.values()) {
      if (entry.status !== 'waiting' || entry.computer) continue;
      const at = entry.createdAt + LOBBY_WAITING_MS;
      if (next === null || at < next) next = at;
    }
    return next;
  }

  watch(): () => void {
    return () => undefined; // nobody else writes here
  }
}
