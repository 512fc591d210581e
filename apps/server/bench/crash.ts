// The randomized durability run, long (issue 37): random moves and takebacks on many tables, the real server process
// killed with -9 at random moments and started again, round after round, in SQLite and in Redis mode (a real
// redis-server kept running across the kills). Prints what was acknowledged and whether every table showed it after
// each start; the CI test (src/integration/crash-random.test.ts) is the short run of the same code.
// Run: tsx apps/server/bench/crash.ts [--quick] [--tables 48] [--rounds 12] [--seed N] [--only sqlite,redis]
import { parseArgs } from 'node:util';

import { crashRun, type CrashRunReport } from '../src/testing/crash-run.js';
import { startRedis } from '../src/testing/redis-process.js';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    tables: { type: 'string' },
    rounds: { type: 'string' },
    seed: { type: 'string' },
    only: { type: 'string' },
  },
});
const quick = flags.quick ?? false;
const tables = Number(flags.tables ?? (quick ? 16 : 48));
const rounds = Number(flags.rounds ?? (quick ? 3 : 12));
const seed = Number(flags.seed ?? Date.now() % 100_000);
const modes = (flags.only ?? 'sqlite,redis').split(',');
if (![tables, rounds, seed].every((n) => Number.isInteger(n) && n >= 0) || tables < 1 || rounds < 1) {
  console.error('crash: --tables and --rounds take counts of at least 1, --seed a whole number');
  process.exit(2);
}

const line = (mode: string, report: CrashRunReport, seconds: number): string =>
  `${mode}: ${tables} tables, ${rounds} kills, ${report.moves} moves and ${report.takebacks} takebacks acknowledged; ` +
  `on their way at a kill: ${report.inFlightStored} stored, ${report.inFlightLost} not; tables not as acknowledged ` +
  `after a start: ${report.mismatches.length} (target 0); stalled: ${report.stalls.length}; ${seconds.toFixed(0)} s`;

console.log(`randomized durability: kill -9 after 0.3-3 s of random play, ${rounds} rounds, seed ${seed}`);
const rows: string[] = [];
let failed = false;
for (const mode of modes) {
  const redis = mode === 'redis' ? await startRedis() : null;
  const started = Date.now();
  try {
    const report = await crashRun({
      tables,
      rounds,
      seed,
      playMs: [300, 3000],
      ...(redis ? { redisUrl: redis.url } : {}),
      onRound: (text) => console.log(`  ${mode} ${text}`),
    });
    rows.push(line(mode, report, (Date.now() - started) / 1000));
    for (const text of [...report.mismatches, ...report.stalls]) console.log(`  ${mode}: ${text}`);
    failed ||= report.mismatches.length > 0;
  } finally {
    await redis?.stop();
  }
}
for (const row of rows) console.log(row);
process.exitCode = failed ? 1 : 0;
