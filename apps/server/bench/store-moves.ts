// The store's share of a move, alone: appendMove on the real SQLite store, one table awaiting each write (what
// one busy table costs) and 100 tables writing at once (the group commit), CPU per move of this process.
// Run: tsx apps/server/bench/store-moves.ts [moves per table, 2000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getVariant } from '@fg/rules';

import { SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { newStoredTable } from '../src/tables/new-table.js';

const moves = Number(process.argv[2] ?? 2000);
const dir = mkdtempSync(join(tmpdir(), 'fg-store-bench-'));
const store = new SqliteStore(dir);
const found = getVariant('standard');
if (!found.ok) throw new Error('no standard variant');
const variant = found.value;
const seats = { fox: 'f'.repeat(43), geese: 'g'.repeat(43) };

async function tables(n: number, prefix: string): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `${prefix}${i}`.padEnd(12, 'x'));
  for (const id of ids) await store.insertTable(newStoredTable(id, variant, seats, Date.now()));
  return ids;
}

async function measure(name: string, n: number): Promise<void> {
  const ids = await tables(n, name);
  const perTable = Math.ceil(moves / n);
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let ply = 0; ply < perTable; ply++)
    await Promise.all(ids.map((id) => store.appendMove(id, ply, 'd4-c4', null, Date.now())));
  const used = process.cpuUsage(cpu);
  const total = perTable * n;
  const us = (used.user + used.system) / total;
  console.log(
    `${name.padEnd(12)} ${String(total).padStart(7)} moves  CPU ${us.toFixed(1)} us/move  wall ${(((performance.now() - start) * 1000) / total).toFixed(1)} us/move`,
  );
}

await measure('1-table', 1);
await measure('100-tables', 100);
await store.close();
rmSync(dir, { recursive: true, force: true });
