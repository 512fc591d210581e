// The solution table kept in this browser (IndexedDB through idb): its bytes, and beside them what the page shows
// without reading megabytes (its size, its geese, when it was stored). Both are written in one transaction, so a
// closed tab never leaves bytes without their description or the other way round.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** What is known of a stored table without its bytes. */
export interface StoredTable {
  readonly geese: number; // the options' starting geese: 13
  readonly maxGeese: number; // the most geese it answers (below `geese` for a test-size table)
  readonly bytes: number; // its size
  readonly storedAt: string; // ISO time
}

interface SolutionSchema extends DBSchema {
  meta: { key: string; value: StoredTable };
  bytes: { key: string; value: ArrayBuffer };
}

/** The one table kept: the standard game's. */
const KEY = 'standard';
let db: Promise<IDBPDatabase<SolutionSchema>> | null = null;

const open = (): Promise<IDBPDatabase<SolutionSchema>> =>
  (db ??= openDB<SolutionSchema>('fg-solution', 1, {
    upgrade(database) {
      database.createObjectStore('meta');
      database.createObjectStore('bytes');
    },
  }));

/** The stored table's description, or null. */
export async function storedTable(): Promise<StoredTable | null> {
  return (await (await open()).get('meta', KEY)) ?? null;
}

/** The stored table's bytes, or null. */
export async function storedBytes(): Promise<Uint8Array | null> {
  const buffer = await (await open()).get('bytes', KEY);
  return buffer ? new Uint8Array(buffer) : null;
}

/** Keeps a table (replacing the one kept before). */
export async function storeTable(table: StoredTable, bytes: Uint8Array): Promise<void> {
  const tx = (await open()).transaction(['meta', 'bytes'], 'readwrite');
  const copy =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
  await Promise.all([
    tx.objectStore('bytes').put(copy as ArrayBuffer, KEY),
    tx.objectStore('meta').put(table, KEY),
    tx.done,
  ]);
}

/** Deletes the kept table. */
export async function deleteTable(): Promise<void> {
  const tx = (await open()).transaction(['meta', 'bytes'], 'readwrite');
  await Promise.all([tx.objectStore('bytes').delete(KEY), tx.objectStore('meta').delete(KEY), tx.done]);
}
