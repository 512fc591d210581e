// The offline computer game kept in the browser (IndexedDB, through idb): one game at a time,
// written after every move, so a reload or a closed tab continues it.
import type { Side } from '@fg/rules';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** The kept game: enough to replay it, and who plays what. */
export interface OfflineGame {
  readonly variant: string; // 'standard'
  readonly options: Readonly<Record<string, number | boolean>>; // { geese: 13, sideways: false }
  readonly player: Side; // the side the person plays
  readonly level: number; // the computer's level, 1-8, or 9 (perfect) with the solution stored in this browser
  readonly start?: string; // position text, when the game began elsewhere than the variant's start (the analysis board)
  readonly moves: readonly string[]; // move text, oldest first
  readonly resigned: boolean; // the person resigned
  readonly started: string; // ISO time
}

interface OfflineSchema extends DBSchema {
  games: { key: string; value: OfflineGame };
}

const CURRENT = 'current';
let db: Promise<IDBPDatabase<OfflineSchema>> | null = null;

const open = (): Promise<IDBPDatabase<OfflineSchema>> =>
  (db ??= openDB<OfflineSchema>('fg-offline', 1, {
    upgrade(database) {
      database.createObjectStore('games');
    },
  }));

/** The kept game, or null. */
export async function loadOfflineGame(): Promise<OfflineGame | null> {
  return (await (await open()).get('games', CURRENT)) ?? null;
}

/** Keeps the game (replacing the one kept before). */
export async function saveOfflineGame(game: OfflineGame): Promise<void> {
  await (await open()).put('games', game, CURRENT);
}
