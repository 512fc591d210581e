// The computer benchmark (issue 10): does thinking stay off the event loop? The server runs the paced load
// (one move per table per second) with no computer games, then with N computer games at once (level 8 by
// default, thinking in the worker pool); it prints the paced round trip and the server's event loop delay.
// Phases alternate (none, N, none, N, ...) for --rounds rounds and the medians are compared, since the machine is
// shared and one window can be slowed by someone else's work.
// Run: tsx apps/server/bench/computer.ts [--quick] [--games 20] [--level 8] [--paced-tables 100] [--seconds 10]
//      [--rounds 3]
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { ComputerGames } from './computer-players.js';
import type { Mark } from './load-client.js';
import { request } from './modes.js';
import { cpuMicros } from './proc.js';
import { quantile, summarize, type Summary } from './stats.js';
import { buildServer, killChildren, startLoadClient, startTarget, UNLIMITED_ENV } from './target.js';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    games: { type: 'string', default: '20' },
    level: { type: 'string', default: '8' },
    'paced-tables': { type: 'string' },
    seconds: { type: 'string' },
    rounds: { type: 'string' },
  },
});
const quick = flags.quick ?? false;
const games = Number(flags.games);
const level = Number(flags.level);
const pacedTables = Number(flags['paced-tables'] ?? 100);
const seconds = Number(flags.seconds ?? (quick ? 5 : 10));
const rounds = Number(flags.rounds ?? (quick ? 1 : 3));
if (![games, level, pacedTables, seconds, rounds].every((n) => Number.isFinite(n) && n > 0) || level > 8) {
  console.error('bench: --games, --level (1-8), --paced-tables, --seconds and --rounds take positive numbers');
  process.exit(2);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const PROBE = new URL('./loop-delay-probe.mjs', import.meta.url).href;

/** Loop delay figures the probe wrote. */
interface LoopDelay {
  readonly seq: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** Asks the server's probe for its figures since the last ask, and waits until they are written. */
async function loopDelay(pid: number, file: string, after: number): Promise<LoopDelay> {
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(50);
    try {
      const figures = JSON.parse(readFileSync(file, 'utf8')) as LoopDelay;
      if (figures.seq > after) return figures;
    } catch {
      // not written yet
    }
  }
  throw new Error('the loop delay probe did not answer');
}

/** One phase's figures. */
interface Phase {
  readonly games: number;
  readonly roundTrip: Summary;
  readonly loop: LoopDelay;
  readonly computerMoves: number;
  readonly cpuShare: number;
  readonly mainCpuShare: number; // the event loop's thread alone
}

async function phase(client: ChildProcess, count: number, dir: string): Promise<Phase> {
  const file = join(dir, `loop-${count}.json`);
  const target = await startTarget('server', {
    env: {
      ...UNLIMITED_ENV,
      BENCH_LOOP_DELAY_FILE: file,
    },
    nodeArgs: ['--import', PROBE],
  });
  const computer = new ComputerGames(target.baseUrl, level);
  try {
    await computer.start(count);
    await request(client, { type: 'open', baseUrl: target.baseUrl, tables: pacedTables });
    await request(client, { type: 'start', mode: 'paced', intervalMs: 1000 });
    await sleep(quick ? 1500 : 3000);
    const first = (await request(client, { type: 'mark', pid: target.pid })) as Mark;
    const mainBefore = { cpu: cpuMicros(target.pid, target.pid), at: performance.now() };
    const reset = await loopDelay(target.pid, file, 0);
    const movesBefore = computer.computerMoves;
    await sleep(seconds * 1000);
    const mark = (await request(client, { type: 'mark', pid: target.pid })) as Mark;
    const mainCpuShare =
      (cpuMicros(target.pid, target.pid) - mainBefore.cpu) / ((performance.now() - mainBefore.at) * 1000);
    const loop = await loopDelay(target.pid, file, reset.seq);
    const computerMoves = computer.computerMoves - movesBefore;
    await request(client, { type: 'stop' });
    await request(client, { type: 'close' });
    const cpuShare = (mark.targetCpuMicros - first.targetCpuMicros) / ((mark.at - first.at) * 1000);
    return { games: count, roundTrip: summarize(mark.roundTrips), loop, computerMoves, cpuShare, mainCpuShare };
  } finally {
    computer.stop();
    await target.stop();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fg-bench-computer-'));
  console.log(
    `Computer games vs the event loop: ${pacedTables} paced tables (1 move per table per second), then the same with ` +
      `${games} computer games at level ${level} at once; ${seconds} s windows; ${availableParallelism()} cores, ` +
      `COMPUTER_THREADS default (cores - 1, at least 1); load average ${loadavg()[0]!.toFixed(2)}`,
  );
  buildServer(); // measures what ships, as run.ts does, not whatever dist an earlier build left
  const client = startLoadClient('1');
  try {
    const results: Phase[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const count of [0, games]) results.push(await phase(client, count, dir));
    }
    const f = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : '-');
    console.log(
      '\ncomputer games | paced RTT p50 / p99 / max ms | server loop delay p50 / p99 / max ms | computer moves | server CPU: all threads, event loop thread',
    );
    for (const r of results) {
      console.log(
        `${String(r.games).padStart(14)} | ${f(r.roundTrip.p50)} / ${f(r.roundTrip.p99)} / ${f(r.roundTrip.max)} (n=${r.roundTrip.count})`.padEnd(
          50,
        ) +
          ` | ${f(r.loop.p50)} / ${f(r.loop.p99)} / ${f(r.loop.max)}`.padEnd(40) +
          ` | ${String(r.computerMoves).padStart(14)} | ${(r.cpuShare * 100).toFixed(0)}%, ${(r.mainCpuShare * 100).toFixed(0)}% of a core`,
      );
    }
    const median = (count: number, pick: (r: Phase) => number): number => {
      const values = results.filter((r) => r.games === count).map(pick);
      return quantile(
        values.sort((a, b) => a - b),
        0.5,
      );
    };
    const rtt = [median(0, (r) => r.roundTrip.p99), median(games, (r) => r.roundTrip.p99)] as const;
    const loop = [median(0, (r) => r.loop.p99), median(games, (r) => r.loop.p99)] as const;
    const main = [median(0, (r) => r.mainCpuShare), median(games, (r) => r.mainCpuShare)] as const;
    console.log(
      `\nmedian of ${rounds} round(s): paced RTT p99 ${f(rtt[0])} ms without computer games, ${f(rtt[1])} ms with ${games} ` +
        `(target <= 20 ms: ${rtt[1] <= 20 ? 'met' : 'NOT met'}); server loop delay p99 ${f(loop[0])} -> ${f(loop[1])} ms ` +
        `(${f(loop[1] / loop[0])}x); event loop thread CPU ${f(main[0] * 100)}% -> ${f(main[1] * 100)}% of a core ` +
        `(the thinking is elsewhere); load average now ${loadavg()[0]!.toFixed(2)}`,
    );
  } finally {
    client.disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
main().catch((error: unknown) => {
  console.error(`benchmark failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
