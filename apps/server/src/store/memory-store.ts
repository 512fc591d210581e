// A store that keeps tables in memory: for unit tests of the authority, and nothing that must last.
import type { GameResult } from '@fg/protocol';
import type { Side } from '@fg/rules';

import type { StoredTable, TableStore } from './store.js';

type Row = { -readonly [K in keyof StoredTable]: StoredTable[K] } & {
  moves: string[];
  seats: Record<Side, string | null>;
  seatedAt: Record<Side, number | null>;
  moveTimes: number[];
};

const copy = (row: Row): StoredTable => ({
  ...row,
  seats: { ...row.seats },
  moves: [...row.moves],
  seatedAt: { ...row.seatedAt },
  moveTimes: [...row.moveTimes],
});

/** A TableStore in memory. */
export class MemoryStore implements TableStore {
  readonly #rows = new Map<string, Row>();

  async insertTable(table: StoredTable): Promise<void> {
    this.#rows.set(table.id, {
      ...table,
      seats: { ...table.seats },
      moves: [...table.moves],
      seatedAt: { ...(table.seatedAt ?? { fox: null, geese: null }) },
      moveTimes: [...(table.moveTimes ?? [])],
    });
  }

  async loadTable(id: string): Promise<StoredTable | null> {
    const row = this.#rows.get(id);
    return row ? copy(row) : null;
  }

  async appendMove(id: string, ply: number, move: string, result: GameResult | null, at?: number): Promise<boolean> {
    const row = this.#rows.get(id);
    if (!row || row.moves.length !== ply || row.result) return false;
    row.moves.push(move);
    row.moveTimes.push(at ?? Date.now());
    row.result = result;
    if (result) row.endedAt = at ?? null;
    return true;
  }

  async takeSeat(id: string, side: Side, tokenHash: string, at?: number): Promise<boolean> {
    const row = this.#rows.get(id);
    if (!row || row.seats[side] !== null) return false;
    row.seats[side] = tokenHash;
    row.seatedAt[side] = at ?? null;
    return true;
  }

  async finish(id: string, result: GameResult, at?: number): Promise<boolean> {
    const row = this.#rows.get(id);
    if (!row || row.result) return false;
    row.result = result;
    row.endedAt = at ?? null;
    return true;
  }

  async setRematch(id: string, rematch: string): Promise<void> {
    const row = this.#rows.get(id);
    if (row) row.rematch = rematch;
  }

  async listUnfinished(): Promise<StoredTable[]> {
    return [...this.#rows.values()].filter((r) => !r.result).map(copy);
  }

  async removeWaiting(createdBefore: number): Promise<string[]> {
    const removed = [...this.#rows.values()]
      .filter((r) => r.createdAt < createdBefore && (!r.seats.fox || !r.seats.geese))
      .map((r) => r.id);
    for (const id of removed) this.#rows.delete(id);
    return removed;
  }

  async readiness(): Promise<{ ready: boolean; reason?: string }> {
    return { ready: true };
  }

  async close(): Promise<void> {}
}
