// CPU a move costs on the server's own path, without sockets (bench/own-path.ts): 100 fresh tables play their
// first 30 plies at once (each a chain of moves, as 100 tables of players answering at once do), measured by
// `process.cpuUsage` (every thread of the process: the store's checkpointer and V8's GC helpers too) around the
// moves only; the tables are made outside the measure. The games are random and legal, picked before.
// With --redis the services run in Redis mode on a redis-server of their own (AOF fsync always, as in compose);
// redis-server's CPU is not counted, as in run.ts's Redis/SQLite ratio.
// Run: tsx apps/server/bench/move-cpu.ts [rounds, 10] [--redis] (a round: 100 tables x 30 plies)
import { startRedis } from '../src/testing/redis-process.js';
import { type MoveMessage, openOwnPath, randomGame, type SeatedTable, seatTable, seededChoice } from './own-path.js';

const args = process.argv.slice(2);
const ROUNDS = Number(args.find((arg) => !arg.startsWith('--')) ?? 10);
const redis = args.includes('--redis') ? await startRedis() : null;
const TABLES = 100;
const PLIES = 30;
const random = seededChoice();
const games = Array.from({ length: 400 }, () => randomGame(random)).filter((game) => game.length >= PLIES);
const { authority, close } = await openOwnPath(redis?.url);

/** Plays the first plies of one game at one table, each move after the last one's answer. */
async function playOut(table: SeatedTable, game: readonly MoveMessage[]): Promise<void> {
  for (const message of game.slice(0, PLIES)) {
    const played = await authority.play(message.ply % 2 === 0 ? table.fox : table.geese, {
      ...message,
      path: [...message.path],
    });
    if (!played.ok) throw new Error(played.error.message);
  }
}

/** One round: fresh tables, then their moves; the CPU µs the moves took. */
async function round(): Promise<number> {
  const tables: SeatedTable[] = [];
  for (let i = 0; i < TABLES; i++) tables.push(await seatTable(authority));
  const before = process.cpuUsage();
  await Promise.all(tables.map((table) => playOut(table, games[random(games.length)]!)));
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

for (let i = 0; i < 3; i++) await round(); // warm-up: V8 optimizes the path
const figures: number[] = [];
for (let i = 0; i < ROUNDS; i++) figures.push((await round()) / (TABLES * PLIES));
figures.sort((a, b) => a - b);
const median = figures[Math.floor(figures.length / 2)]!;
console.log(
  `${redis ? 'Redis mode: ' : ''}${ROUNDS} rounds of ${TABLES} tables x ${PLIES} plies: CPU a move median ${median.toFixed(1)} µs (min ${figures[0]!.toFixed(1)}, max ${figures.at(-1)!.toFixed(1)})`,
);
await close();
await redis?.stop();
process.exit(0);
