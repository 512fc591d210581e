// Redis mode, two real instances on a real redis-server: the instance holding the opponent is paused (SIGSTOP, as a
// long GC pause or a busy loop would hold it) across the mover's deadline, while the move is acknowledged through
// the other instance just before it. On resume its timer runs before it reads the bus; the game must go on: an
// ending is a compare-and-set on the ply, and a deadline is decided on the stored facts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { request } from '../testing/harness.js';
import { splitTable, startInstances } from '../testing/instances.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';
import type { ServerProcess } from '../testing/server-process.js';

const skip = systemProgramSkipReason();
let redis: Awaited<ReturnType<typeof startRedis>>;
const instances: ServerProcess[] = [];

beforeAll(async () => {
  if (!skip) redis = await startRedis();
}, 60_000);

afterAll(async () => {
  for (const server of instances) server.child.kill('SIGCONT');
  await Promise.all(instances.map((server) => server.stop()));
  await redis?.stop();
});

const sleepUntil = (at: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

describe.skipIf(skip !== null)('a deadline at a paused instance (Redis mode)', () => {
  // [kind, the create body's time control, instance settings, ms the mover has once its clock runs]
  it.each([
    ['a clock', { clock: { initial: 15, increment: 0 } }, {}, 15_000],
    ['correspondence days', { correspondence: { days: 1 } }, { CORRESPONDENCE_DAY_SECONDS: '6' }, 6_000],
  ])(
    'with %s: a move acknowledged just before the deadline is not followed by a loss on time',
    async (_kind, control, env, moverMs) => {
      const [a, b] = await startInstances(redis.url, 2, env);
      instances.push(a!, b!);
      const table = await splitTable(a!, b!, 'standard', control);
      table.fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
      await table.geese.next('moved', (m) => m.ply === 0);
      table.geese.send({ type: 'move', ply: 1, path: ['c3', 'c4'] });
      await table.fox.next('moved', (m) => m.ply === 1);
      // The fox's deadline as the server keeps it: between `earliest` and `latest` (the read's round trip).
      const asked = Date.now();
      const { body: seen } = await request(a!.url, 'GET', `/api/tables/${table.id}`);
      const answered = Date.now();
      const at = seen.table.deadline ? Date.parse(seen.table.deadline) : null;
      const [earliest, latest] = at ? [at, at] : [asked + seen.table.clock.fox, answered + seen.table.clock.fox];
      expect(latest - asked).toBeLessThanOrEqual(moverMs + 1000);

      await sleepUntil(earliest - 1500);
      b!.child.kill('SIGSTOP'); // the instance of the geese, which times the fox too
      await sleepUntil(earliest - 1000);
      table.fox.send({ type: 'move', ply: 2, path: ['d5', 'd4'] });
      await table.fox.next('moved', (m) => m.ply === 2);
      expect(Date.now()).toBeLessThan(earliest); // acknowledged before the deadline
      await sleepUntil(latest + 700);
      b!.child.kill('SIGCONT');

      await table.geese.next('moved', (m) => m.ply === 2, 5000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect([table.fox.all('ended'), table.geese.all('ended')]).toEqual([[], []]);
      for (const server of [a!, b!]) {
        const { body } = await request(server.url, 'GET', `/api/tables/${table.id}`);
        expect(body.table).toMatchObject({ status: 'playing', ply: 3, result: null });
      }
      for (const client of [table.fox, table.geese]) await client.close();
    },
    180_000, // two processes to start on a loaded machine, then the deadline itself
  );
});
