// What the store tests share: temporary folders and stores removed after each test, and a waiting table's record.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach } from 'vitest';

import type { StoredTable } from '../tables/store.js';

/** A new standard table with both seats taken and no move; `fields` replace any part. */
export const storedTable = (id: string, fields: Partial<StoredTable> = {}): StoredTable => ({
  id,
  variant: 'standard',
  options: { geese: 13, sideways: false },
  seats: { fox: 'hash-fox', geese: 'hash-geese' },
  moves: [],
  result: null,
  rematch: null,
  createdAt: 1000,
  ...fields,
});

/** Cleanups run after each test of the calling file, last first, and a maker of temporary folders among them. */
export function useCleanups(prefix: string): {
  readonly cleanups: (() => void | Promise<void>)[];
  readonly tempDir: () => string;
} {
  const cleanups: (() => void | Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  return { cleanups, tempDir };
}
