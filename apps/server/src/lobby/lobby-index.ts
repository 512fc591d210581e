// The lobby's index of listed tables, behind an interface: in process here; a Redis one keeps the same entries in
// sorted sets so every instance lists the same tables (see apps/server/README.md).
import { LOBBY_LIMIT, LOBBY_WAITING_MS, type LobbyResponse, type LobbyTable } from '@fg/protocol';

/** A listed table as the lobby keeps it. */
export interface LobbyEntry {
  readonly id: string;
  readonly status: 'waiting' | 'playing';
  readonly computer: boolean; // a computer table is never in `waiting`
  readonly createdAt: number; // ms since the epoch
  readonly table: Omit<LobbyTable, 'createdAt'>; // what clients are shown, less the time
}

/** Where the lobby's entries live; every method may be answered by another process. */
export interface LobbyIndex {
  /** Whether the entries outlive this process (shared in Redis): then nothing is restored after a restart. */
  readonly durable: boolean;
  /** Adds or replaces a table's entry; `now` decides whether a waiting table is still young enough to list. */
  put(entry: LobbyEntry, now: number): Promise<void>;
  /** Drops a table (ended, or gone). */
  remove(id: string): Promise<void>;
  /** Both lists as `GET /api/lobby` answers them at time `now`. */
  list(now: number): Promise<LobbyResponse>;
  /** When the next waiting table leaves the lobby by age (ms since the epoch), or null. */
  nextExpiry(): Promise<number | null>;
  /**
   * Calls `listener` whenever the index may have changed elsewhere (another instance wrote), or changes may have
   * been missed (a lost connection came back); returns the unsubscribe.
   */
  watch(listener: () => void): () => void;
}

/** How far a table has come (plies, then seats taken), so a late write of an older state never replaces a newer one. */
export const lobbyProgress = (entry: LobbyEntry): number => entry.table.ply * 3 + (entry.status === 'playing' ? 2 : 1);

/** Orders and cuts the lobby's two lists: waiting newest first, playing most watched first (then newest). */
export function lobbyLists(entries: Iterable<LobbyEntry>, now: number): LobbyResponse {
  const waiting: LobbyEntry[] = [];
  const playing: LobbyEntry[] = [];
  for (const entry of entries) {
    if (entry.status === 'playing') playing.push(entry);
    else if (!entry.computer && entry.createdAt > now - LOBBY_WAITING_MS) waiting.push(entry);
  }
  waiting.sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
  playing.sort(
    (a, b) => b.table.spectators - a.table.spectators || b.createdAt - a.createdAt || a.id.localeCompare(b.id),
  );
  const shown = (entry: LobbyEntry): LobbyTable => ({
    ...entry.table,
    createdAt: new Date(entry.createdAt).toISOString(),
  });
  return { waiting: waiting.slice(0, LOBBY_LIMIT).map(shown), playing: playing.slice(0, LOBBY_LIMIT).map(shown) };
}
