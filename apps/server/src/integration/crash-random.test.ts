// The randomized durability test: many tables, random moves and takebacks, the real server process killed with -9
// at random moments and started again, round after round, with SQLite (a real file) and with a real redis-server.
// Every acknowledged move and takeback must be there after each start (testing/crash-run.ts). This is the short
// run for CI; `pnpm bench` (bench/crash.ts) runs a long one.
import { afterAll, describe, expect, it } from 'vitest';

import { crashRun, type CrashRunOptions } from '../testing/crash-run.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';

const skipRedis = systemProgramSkipReason();
const redis = skipRedis ? null : await startRedis();
afterAll(() => redis?.stop());

const SHORT: Omit<CrashRunOptions, 'seed'> = { tables: 16, rounds: 3, playMs: [300, 1500] };

describe('kill -9 at random moments during random play with takebacks', () => {
  it.each([
    ['SQLite', () => ({})],
    ['Redis', () => ({ redisUrl: redis!.url })],
  ])(
    '%s: every acknowledged move and takeback is there after each start',
    async (mode, settings) => {
      if (mode === 'Redis' && !redis) return expect(skipRedis).toBeNull();
      const seed = Date.now() % 100_000;
      const report = await crashRun({ ...SHORT, ...settings(), seed });
      expect({ seed, mismatches: report.mismatches, stalls: report.stalls }).toEqual({
        seed,
        mismatches: [],
        stalls: [],
      });
      expect(report.moves).toBeGreaterThan(SHORT.tables * SHORT.rounds);
      expect(report.takebacks).toBeGreaterThan(0);
    },
    180_000,
  );
});
