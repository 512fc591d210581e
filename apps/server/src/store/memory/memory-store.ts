// A store that keeps tables in memory: for unit tests of the authority, and nothing that must last. Its writes
// are the authority's own `evolveStored` (tables/evolve.ts), so it cannot keep a table differently.
import type { GameResult } from '@fg/protocol';
import type { Side } from '@fg/rules';

import type { TableEvent } from '../../tables/events.js';
import { evolveStored } from '../../tables/evolve.js';
import type { StoredTable, TableStore } from '../../tables/store.js';

/** A TableStore in memory; rows are immutable, replaced whole by each write. */
export class MemoryStore implements TableStore {
  readonly #rows = new Map<string, StoredTable>();

  /** Applies a stored event to a row; false (nothing changed) unless it follows the row. */
  #write(id: string, event: TableEvent): boolean {
    const row = this.#rows.get(id);
    if (!row) return false;
    const next = evolveStored(row, event);
    if (typeof next === 'string') return false;
    this.#rows.set(id, next);
    return true;
  }

  async insertTable(table: StoredTable): Promise<void> {
    this.#rows.set(table.id, {
      ...table,
      seatedAt: table.seatedAt ?? { fox: null, geese: null },
      moveTimes: table.moveTimes ?? [],
    });
  }

  async loadTable(id: string): Promise<StoredTable | null> {
    return this.#rows.get(id) ?? null;
  }

  async appendMove(id: string, ply: number, move: string, result: GameResult | null, at?: number): Promise<boolean> {
    return this.#write(id, { type: 'moved', ply, move, result, at: at ?? Date.now() });
  }

  async takeSeat(id: string, side: Side, tokenHash: string, at?: number): Promise<boolean> {
    const row = this.#rows.get(id);
    if (!row || row.seats[side] !== null) return false;
    return this.#write(id, { type: 'seat', ply: row.moves.length, side, tokenHash, at: at ?? Date.now() });
  }

  async finish(id: string, ply: number, result: GameResult, at?: number): Promise<boolean> {
    const row = this.#rows.get(id);
    if (!row || row.moves.length !== ply) return false;
    return this.#write(id, { type: 'ended', ply, result, at: at ?? Date.now() });
  }

  async takeBack(id: string, ply: number, to: number, at: number): Promise<boolean> {
    return this.#write(id, { type: 'taken-back', ply, to, at });
  }

  async setRematch(id: string, rematch: string): Promise<void> {
    const row = this.#rows.get(id);
    if (row) this.#rows.set(id, { ...row, rematch });
  }

  async listUnfinished(): Promise<StoredTable[]> {
    return [...this.#rows.values()].filter((r) => !r.result);
  }

  async *listFinished(): AsyncIterable<StoredTable> {
    yield* [...this.#rows.values()].filter((r) => r.result);
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
