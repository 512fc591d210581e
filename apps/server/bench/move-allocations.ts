// What one move allocates on the server's own path, without sockets: the real services (SQLite store, lobby,
// computer seats, referee, push) and their authority, 100 tables of two players and two spectators (members that
// keep nothing), random legal moves. V8's sampling heap profiler, keeping objects GC took too, attributes the bytes
// to the functions that allocated them. Sockets, frames in and out are the relay's work too (bench/relay.ts).
// Run: tsx apps/server/bench/move-allocations.ts [moves, 20000]
import { Session } from 'node:inspector/promises';

import { makeMoveText, replayRecord } from '@fg/rules';

import { openOwnPath, type SeatedTable, seatTable, seededChoice } from './own-path.js';

const MOVES = Number(process.argv[2] ?? 20_000);
const TABLES = 100;
const { authority, close } = await openOwnPath();
const random = seededChoice();

interface Seated extends SeatedTable {
  moves: string[];
}

const seat = async (): Promise<Seated> => ({ ...(await seatTable(authority)), moves: [] });

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
await close();
process.exit(0);
