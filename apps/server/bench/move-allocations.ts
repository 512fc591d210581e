// What one move allocates on the server's own path, without sockets: the real services (SQLite store, lobby,
// computer seats, referee, push) and their authority, 100 tables of two players and two spectators (members that
// keep nothing), random legal moves. V8's sampling heap profiler, keeping objects GC took too, attributes the bytes
// to the functions that allocated them. Sockets, frames in and out are the relay's work too (bench/relay.ts).
// Run: tsx apps/server/bench/move-allocations.ts [moves, 20000]
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { makeMoveText, replayRecord } from '@fg/rules';
import Fastify from 'fastify';

import { loadConfig } from '../src/config.js';
import { LogThrottle } from '../src/logger.js';
import { openServices } from '../src/services.js';
import type { Member } from '../src/tables/member.js';

const MOVES = Number(process.argv[2] ?? 20_000);
const TABLES = 100;
const dir = mkdtempSync(join(tmpdir(), 'fg-alloc-'));
const config = loadConfig({ DATA_DIR: dir, PUSH_HOSTS: 'off', LOG_LEVEL: 'warn' });
const log = Fastify({ logger: { level: 'warn' } }).log;
const services = await openServices(config, {}, log, new LogThrottle());
const { authority } = services;
const quiet: Member = { send: () => undefined };

interface Seated {
  id: string;
  fox: Member;
  geese: Member;
  moves: string[];
}

async function seat(): Promise<Seated> {
  const created = await authority.createTable({ variant: 'standard', side: 'fox' });
  if (!created.ok) throw new Error(created.error.message);
  const id = created.value.table.id;
  const taken = await authority.takeSeat(id, 'geese');
  if (!taken.ok) throw new Error(taken.error.message);
  const table = { id, fox: { send: () => undefined }, geese: { send: () => undefined }, moves: [] };
  await authority.join(id, table.fox, created.value.seat.token);
  await authority.join(id, table.geese, taken.value.seat.token);
  await authority.join(id, { ...quiet });
  await authority.join(id, { ...quiet });
  return table;
}

let seed = 1;
const random = (n: number): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed % n;
};

/** Plays one random legal move at a table; a finished game is replaced by a new table. */
async function step(tables: Seated[], i: number): Promise<void> {
  const table = tables[i]!;
  const game = replayRecord({ variant: 'standard', moves: table.moves });
  if (!game.ok) throw new Error(game.error.message);
  if (game.value.legal.length === 0) {
    tables[i] = await seat();
    return;
  }
  const path = game.value.legal[random(game.value.legal.length)]!;
  const { board } = game.value.variant;
  const member = game.value.position.turn === 'fox' ? table.fox : table.geese;
  const played = await authority.play(member, {
    type: 'move',
    ply: table.moves.length,
    path: path.map((p) => board.points[p]!.name),
  });
  if (!played.ok) throw new Error(played.error.message);
  table.moves.push(makeMoveText(board, path));
}

const tables: Seated[] = [];
for (let i = 0; i < TABLES; i++) tables.push(await seat());
for (let k = 0; k < 2000; k++) await step(tables, k % TABLES); // warm up

const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 512,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
} as never);
let played = 0;
for (let k = 0; played < MOVES; k++, played++) await step(tables, k % TABLES);
const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as {
  profile: { head: Node; samples: { size: number; nodeId: number }[] };
};
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}

// The bench's own replay (to pick a move) is not the server's: its allocations are left out by the stack.
const parents = new Map<number, Node[]>();
const walk = (node: Node, path: Node[]): void => {
  parents.set(node.id, [...path, node]);
  for (const child of node.children) walk(child, [...path, node]);
};
walk(profile.head, []);
const bySite = new Map<string, number>();
let server = 0;
for (const sample of profile.samples) {
  const stack = parents.get(sample.nodeId) ?? [];
  if (stack.some((n) => n.callFrame.functionName === 'step') && !stack.some((n) => n.callFrame.functionName === 'play'))
    continue; // the bench's own replay and choice of move
  server += sample.size;
  const own = [...stack].reverse().find((n) => /apps\/server\/src|packages\/\w+\/src/.test(n.callFrame.url));
  const leaf = stack.at(-1)!;
  const site = `${(own ?? leaf).callFrame.functionName || '(anon)'} ${(own ?? leaf).callFrame.url.split('/').slice(-2).join('/')}`;
  bySite.set(site, (bySite.get(site) ?? 0) + sample.size);
}
console.log(`${MOVES} moves on ${TABLES} tables: ${(server / MOVES / 1024).toFixed(1)} kB allocated a move (sampled)`);
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${(bytes / MOVES).toFixed(0).padStart(7)} B  ${site}`);
await services.backend.close();
authority.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
