// What a table costs besides its moves, phase by phase, on the server and on the bare relay: create it (POST
// /api/tables), take its second seat (POST .../seats), open the players' and two spectators' sockets up to their
// welcome, and close them. The saturation bench replaces every finished game (about 67 plies) by a new
// table, so this is a share of its CPU a move that no cut in the move path reaches. CPU of the process under load
// (`/proc`, 10 ms ticks: hence hundreds of tables a round), ten tables in flight at a time; each round is printed.
// Run: tsx apps/server/bench/lifecycle.ts [--tables 600] [--rounds 3] [--only server,relay]
import { parseArgs } from 'node:util';

import type { CreateTableResponse, TakeSeatResponse } from '@fg/protocol';
import WebSocket from 'ws';

import { cpuMicros } from './proc.js';
import { startTarget, type Target, UNLIMITED_ENV } from './target.js';

const { values: flags } = parseArgs({
  options: {
    tables: { type: 'string', default: '600' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: 'server,relay' },
  },
});
const TABLES = Number(flags.tables);
const ROUNDS = Number(flags.rounds);
const IN_FLIGHT = 10;

/** One table of a round: its id, its seats' tokens and its open sockets. */
interface Opened {
  readonly id: string;
  readonly fox: string;
  geese: string;
  readonly sockets: WebSocket[];
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Opens a socket, says hello and resolves with it once welcomed. */
function welcomed(target: Target, id: string, token?: string): Promise<WebSocket> {
  const socket = new WebSocket(`${target.baseUrl.replace(/^http/, 'ws')}/api/tables/${id}/ws`, {
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    socket.on('open', () => socket.send(JSON.stringify(token ? { type: 'hello', token } : { type: 'hello' })));
    socket.on('error', reject);
    socket.on('message', (data) => {
      if ((JSON.parse((data as Buffer).toString()) as { type: string }).type === 'welcome') resolve(socket);
    });
  });
}

/** Runs `step` over `items`, IN_FLIGHT at a time. */
async function inFlight<T>(items: readonly T[], step: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await step(items[next++]!);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

/** One round of `count` tables through every phase: µs of CPU of the process under load for each, per unit. */
async function round(target: Target, count: number): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const measure = async (phase: string, units: number, run: () => Promise<void>): Promise<void> => {
    const before = cpuMicros(target.pid);
    await run();
    figures[phase] = (cpuMicros(target.pid) - before) / units;
  };
  const tables: Opened[] = [];
  const base = target.baseUrl;
  await measure('create', count, () =>
    inFlight(Array.from({ length: count }), async () => {
      const created = await post<CreateTableResponse>(`${base}/api/tables`, { variant: 'standard', side: 'fox' });
      tables.push({ id: created.table.id, fox: created.seat.token, geese: '', sockets: [] });
    }),
  );
  await measure('seat', count, () =>
    inFlight(tables, async (table) => {
      table.geese = (await post<TakeSeatResponse>(`${base}/api/tables/${table.id}/seats`, {})).seat.token;
    }),
  );
  await measure('player socket', 2 * count, () =>
    inFlight(tables, async (table) => {
      table.sockets.push(await welcomed(target, table.id, table.fox), await welcomed(target, table.id, table.geese));
    }),
  );
  await measure('spectator socket', 2 * count, () =>
    inFlight(tables, async (table) => {
      table.sockets.push(await welcomed(target, table.id), await welcomed(target, table.id));
    }),
  );
  // The coalesced presence of the last joins goes out before the closes are measured.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await measure('close', 4 * count, () =>
    inFlight(tables, async (table) => {
      await Promise.all(table.sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve).close())));
    }),
  );
  figures['a table'] =
    figures['create']! +
    figures['seat']! +
    2 * figures['player socket']! +
    2 * figures['spectator socket']! +
    4 * figures['close']!;
  return figures;
}

const PHASES = ['create', 'seat', 'player socket', 'spectator socket', 'close', 'a table'];
console.log(`${TABLES} tables a round, ${IN_FLIGHT} in flight; µs of CPU of the process under load, each`);
console.log(['', ...PHASES].map((name) => name.padStart(17)).join(''));
for (const kind of flags.only.split(',') as ('server' | 'relay')[]) {
  const target = await startTarget(kind, { env: UNLIMITED_ENV });
  try {
    // Warm-up: V8 optimizes the code the rounds run (a first round costs the server twice what a third does).
    for (let i = 0; i < 2; i++) await round(target, TABLES);
    for (let i = 1; i <= ROUNDS; i++) {
      const figures = await round(target, TABLES);
      console.log(
        [`${kind} ${i}`, ...PHASES.map((phase) => figures[phase]!.toFixed(0))].map((s) => s.padStart(17)).join(''),
      );
    }
  } finally {
    await target.stop();
  }
}
