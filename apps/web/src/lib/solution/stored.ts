// Whether a solution table is stored in this browser, known to every component at once: read from IndexedDB once a
// page, then changed only by storing or deleting (which also tell the worker to read the table again).
import { useSyncExternalStore } from 'react';

import type { StoredTable } from './store';

/** Tells the worker, if one runs, to read the table again (the worker's side is loaded only where it is used). */
const reloadProbe = (): void => void import('./probe').then(({ probe }) => probe.reload());

/** IndexedDB's side, loaded at the first read: a page that never asks does not load it. */
const store = () => import('./store');

/** undefined: not read yet; null: none stored. */
let current: StoredTable | null | undefined;
let reading: Promise<StoredTable | null> | null = null;
const listeners = new Set<() => void>();

const set = (table: StoredTable | null): void => {
  current = table;
  for (const listener of listeners) listener();
};

/** The stored table's description (null: none, or no IndexedDB here). */
export function storedSolution(): Promise<StoredTable | null> {
  if (current !== undefined) return Promise.resolve(current);
  reading ??= store()
    .then((s) => s.storedTable())
    .then(
      (table) => {
        if (current === undefined) set(table);
        return current ?? null;
      },
      () => {
        set(null); // private browsing without IndexedDB: nothing stored, nothing to store
        return null;
      },
    );
  return reading;
}

/** Stores a downloaded table and puts it in use. */
export async function keepSolution(table: StoredTable, bytes: Uint8Array): Promise<void> {
  await (await store()).storeTable(table, bytes);
  reloadProbe();
  set(table);
}

/** Deletes the stored table. */
export async function forgetSolution(): Promise<void> {
  await (await store()).deleteTable();
  reloadProbe();
  set(null);
}

/** The solved game's variant id: the only one a table can be stored for. */
export const SOLVED_GAME = 'standard';

/** Whether the stored table answers a variant: the standard game without sideways moves, its geese count or fewer. */
export function serves(
  table: StoredTable | null | undefined,
  variant: { readonly id: string; readonly options: Readonly<Record<string, unknown>> },
): boolean {
  if (!table || variant.id !== SOLVED_GAME || variant.options.sideways !== false) return false;
  const geese = Number(variant.options.geese);
  return geese === table.geese || geese <= table.maxGeese;
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  void storedSolution();
  return () => listeners.delete(listener);
};

/** The stored table's description in a component: undefined while it is read, null when none is stored. */
export function useStoredSolution(): StoredTable | null | undefined {
  return useSyncExternalStore(subscribe, () => current);
}
