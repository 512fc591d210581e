// CPU of one stored move in Redis mode by how many moves are asked at once: the real RedisStore.appendMove on 100
// tables of a fresh redis-server, with the real RedisBus subscribed to every table's channel, so each event is
// heard back and skipped as own. The moves asked at once go in one script call (store/redis-append-batch.ts); the
// server at saturation puts in one call the moves that arrive while the previous call is answered.
// redis-server's own CPU is not counted (the Redis/SQLite ratio counts the instance only).
// Run: tsx apps/server/bench/redis-append.ts [--moves 40000] [--batches 1,10,100]
import { parseArgs } from 'node:util';

import { RedisBus } from '../src/store/redis/redis-bus.js';
import { connectRedis } from '../src/store/redis/redis-keys.js';
import { RedisStore } from '../src/store/redis/redis-store.js';
import { startRedis } from '../src/testing/redis-process.js';

const { values } = parseArgs({
  options: { moves: { type: 'string', default: '40000' }, batches: { type: 'string', default: '1,10,100' } },
});
const MOVES = Number(values.moves);
const batches = values.batches.split(',').map(Number);
if (!Number.isInteger(MOVES) || MOVES < 100 || batches.some((b) => !Number.isInteger(b) || b < 1 || b > 100)) {
  console.error('redis-append: --moves takes a count of at least 100, --batches sizes from 1 to 100');
  process.exit(2);
}
const TABLES = 100;

const redis = await startRedis(); // appendfsync always, as docker-compose.yml runs it
const command = connectRedis(redis.url);
const subscriber = connectRedis(redis.url, { enableAutoPipelining: false });
const fail = (error: unknown, what: string): void => console.error(`redis-append: ${what}: ${String(error)}`);
const bus = new RedisBus(command, subscriber, fail);
const store = new RedisStore(command, { instance: bus.instance, keepFinishedDays: 30, subscriber });
let heard = 0;
bus.listen(
  () => heard++,
  () => undefined,
); // nothing should be heard: every event is this instance's own

const ids = Array.from({ length: TABLES }, (_, i) => `bench${String(i).padStart(7, '0')}`);
const plies = new Map(ids.map((id) => [id, 0]));
for (const id of ids) {
  const table = { id, variant: 'standard', options: {}, seats: { fox: 'f', geese: 'g' }, moves: [], result: null };
  await store.insertTable({ ...table, rematch: null, createdAt: Date.now() });
  await bus.subscribe(id);
}

/** Stores `moves` moves, `batch` tables at a time; the CPU µs of this process a move. */
async function run(batch: number, moves: number): Promise<number> {
  const before = process.cpuUsage();
  for (let done = 0; done < moves; done += batch) {
    const tables = ids.slice(((done / batch) % Math.floor(TABLES / batch)) * batch).slice(0, batch);
    const stored = await Promise.all(
      tables.map((id) => {
        const ply = plies.get(id)!;
        plies.set(id, ply + 1);
        return store.appendMove(id, ply, ply % 2 === 0 ? 'e3-d3' : 'c1-c2', null);
      }),
    );
    if (stored.includes(false)) throw new Error('a move was refused: the plies went wrong');
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / moves;
}

console.log(`RedisStore.appendMove on ${TABLES} tables, each event heard back by the bus (${MOVES} moves a figure)`);
for (const batch of batches) {
  await run(batch, MOVES / 2); // warm-up: V8 optimizes ioredis's path
  console.log(`${String(batch).padStart(4)} at once: ${(await run(batch, MOVES)).toFixed(1)} µs of CPU a move`);
}
if (heard > 0) console.log(`(${heard} events were taken for another instance's: the own-prefix check failed)`);
await bus.close();
command.disconnect();
await redis.stop();
process.exit(0);
