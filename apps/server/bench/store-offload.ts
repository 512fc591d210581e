// The store on the event loop (busy timeout 0, BEGIN IMMEDIATE, retried on a timer: what the server does) against
// the same store in a worker thread (every call a message there and back), both with group commit (CommitBatch).
// Prints the latency of one move's write, the throughput of many tables writing at once, and how long the main
// event loop was held. Run: tsx apps/server/bench/store-offload.ts [--quick]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

import { CommitBatch } from '../src/store/sqlite/commit-batch.js';
import { openDatabase } from '../src/store/sqlite/sqlite-open.js';

const TSX_API = import.meta.resolve('tsx/esm/api');

type Append = (table: string, ply: number) => Promise<boolean>;

const INSERT_TABLE = `INSERT INTO tables (id, variant, options, created_at) VALUES (?, 'standard', '{}', 0)`;
const APPEND = 'INSERT INTO moves (table_id, ply, move) VALUES (?, ?, ?)';

/** A store on this thread: the statements run in the group commit, on the event loop. */
function local(dir: string): { append: Append; insert: (id: string) => Promise<unknown>; close(): void } {
  const db = openDatabase(dir, 'normal');
  const batch = new CommitBatch(db);
  const insert = db.prepare(INSERT_TABLE);
  const append = db.prepare(APPEND);
  return {
    insert: (id) => batch.run(() => insert.run(id)),
    append: (table, ply) => batch.run(() => append.run(table, ply, 'd4-d5').changes === 1),
    close: () => db.close(),
  };
}

if (!isMainThread) {
  // The worker: the same store, answering messages.
  const store = local(workerData as string);
  parentPort!.on('message', (message: { id: number; kind: 'insert' | 'append'; table: string; ply: number }) => {
    const done = message.kind === 'insert' ? store.insert(message.table) : store.append(message.table, message.ply);
    void done.then((value) => parentPort!.postMessage({ id: message.id, value }));
  });
} else {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  const sequential = values.quick ? 1000 : 5000;
  const tables = values.quick ? 50 : 200;
  const movesPerTable = 25;

  /** The store in a worker: each call is posted and answered. */
  const remote = (dir: string) => {
    // A worker does not inherit tsx's loader: it registers it, then loads this file.
    const boot = `import(${JSON.stringify(TSX_API)}).then((api) => { api.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: dir });
    let next = 0;
    const waiting = new Map<number, (value: unknown) => void>();
    worker.on('message', (message: { id: number; value: unknown }) => waiting.get(message.id)!(message.value));
    const call = (kind: string, table: string, ply = 0) =>
      new Promise<unknown>((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        worker.postMessage({ id, kind, table, ply });
      });
    return {
      insert: (id: string) => call('insert', id),
      append: (table: string, ply: number) => call('append', table, ply) as Promise<boolean>,
      close: () => void worker.terminate(),
    };
  };

  const measure = async (name: string, store: ReturnType<typeof local>): Promise<void> => {
    await store.insert('sequential');
    let started = performance.now();
    for (let ply = 0; ply < sequential; ply++) await store.append('sequential', ply);
    const perWrite = ((performance.now() - started) * 1000) / sequential;
    for (let t = 0; t < tables; t++) await store.insert(`t${t}`);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    started = performance.now();
    await Promise.all(
      Array.from({ length: tables }, async (_, t) => {
        for (let ply = 0; ply < movesPerTable; ply++) await store.append(`t${t}`, ply);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    delay.disable();
    console.log(
      `${name.padEnd(14)} one write ${perWrite.toFixed(0).padStart(5)} µs | ${tables} tables at once: ` +
        `${((tables * movesPerTable) / seconds).toFixed(0).padStart(6)} writes/s, main loop delay p99 ` +
        `${(delay.percentile(99) / 1e6).toFixed(2)} ms, max ${(delay.max / 1e6).toFixed(2)} ms`,
    );
    store.close();
  };

  console.log('SQLite store: on the event loop (the server) vs in a worker thread; group commit in both');
  for (const [name, open] of [
    ['event loop', local],
    ['worker thread', remote],
  ] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'fg-offload-'));
    await measure(name, open(dir));
    rmSync(dir, { recursive: true, force: true });
  }
}
