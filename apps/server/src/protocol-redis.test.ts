// The protocol suites once more, with the server in Redis mode (REDIS_URL) against a real redis-server.
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';

import { setServerDefaults } from './testing/harness.js';
import { startRedis } from './testing/redis-process.js';

const redis = await startRedis();
setServerDefaults({ redisUrl: redis.url });
afterAll(() => redis.stop());

await import('./socket.test.js');
await import('./games.test.js');
await import('./endings.test.js');

it('ran the suites against Redis: their tables and moves are there', async () => {
  const client = new Redis(redis.url);
  const tables = await client.keys('fg:table:{*}');
  const moves = await client.keys('fg:table:{*}:moves');
  await client.quit();
  expect(tables.length).toBeGreaterThan(10);
  expect(moves.length).toBeGreaterThan(10);
});
