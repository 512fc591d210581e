// The protocol suites once more, with the server in Redis mode (REDIS_URL) against a real redis-server.
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';

import { setServerDefaults } from '../testing/harness.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';

const skip = systemProgramSkipReason();
if (skip) console.warn(`Redis mode protocol tests skipped: ${skip}`);
const redis = skip ? null : await startRedis();
afterAll(() => redis?.stop());
if (redis) {
  setServerDefaults({ redisUrl: redis.url });
  await import('./socket.test.js');
  await import('./games.test.js');
  await import('./endings.test.js');
  await import('../lobby/lobby.test.js');
  await import('../computer/computer.test.js');
  await import('./chat.test.js');
}

it.skipIf(redis === null)('ran the suites against Redis: their tables and moves are there', async () => {
  if (!redis) return;
  const client = new Redis(redis.url);
  const tables = await client.keys('fg:table:{*}');
  const moves = await client.keys('fg:table:{*}:moves');
  await client.quit();
  expect(tables.length).toBeGreaterThan(10);
  expect(moves.length).toBeGreaterThan(10);
});
