// `pnpm bench` (solver): the sizes of the installed tables in both formats against format 2's targets,
// and the time of a verdict with its keep list (and of a winner alone) read from the compact table in
// memory, over random positions of every tier (target: 1 ms at p99 on the server). Without an
// installed table it builds a test-size one (tiers 4..8) and says so. Pass --quick for fewer positions.
//   pnpm exec tsx packages/solver/bench/compact.ts [--dir=DIR] [--positions=20000]
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { EMPTY, FOX, GOOSE, type Position } from '@fg/rules';

import { choose, colexUnrank, POINTS } from '../src/geometry.js';
import { buildTable, compactPath, openSolution, type Solution, solutionDir, tablePath } from '../src/index.js';
import { random } from '../src/testing.js';

const option = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const quick = process.argv.includes('--quick');
const count = Number(option('positions', quick ? '2000' : '20000'));
let dir = option('dir', solutionDir());
const log = (line: string): void => void process.stdout.write(line + '\n');
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (a shared machine: figures are noisy)`,
);

const TARGETS: Record<number, number> = { 13: 50e6, 15: 300e6, 17: 900e6 };
for (const geese of [13, 15, 17]) {
  const two = compactPath(dir, geese);
  const one = tablePath(dir, geese);
  const f2 = existsSync(two) ? statSync(two).size : null;
  const f1 = existsSync(one) ? statSync(one).size : null;
  if (f1 === null && f2 === null) {
    log(`${geese} geese: no table in ${dir}`);
    continue;
  }
  log(
    `${geese} geese: format 2 ${f2 === null ? 'not there' : `${mb(f2)} (target ${mb(TARGETS[geese]!)}: ${f2 <= TARGETS[geese]! ? 'met' : 'MISSED'})`}; format 1 ${f1 === null ? 'not there' : mb(f1)}${f1 && f2 ? `, ${(f1 / f2).toFixed(0)} times larger` : ''}`,
  );
}

let temporary: string | null = null;
if (!existsSync(compactPath(dir, 13))) {
  temporary = mkdtempSync(join(tmpdir(), 'bench-compact-'));
  log(`no compact 13-geese table in ${dir}: timing a test-size one (tiers 4..8) built in ${temporary}`);
  await buildTable({ geese: 13, upTo: 8, dir: temporary, workers: 0 });
  dir = temporary;
}

/** p50, p95, p99 and the largest of a list of milliseconds. */
function percentiles(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number): string => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(3);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1)!.toFixed(3)} ms`;
}

/**
 * This thread's time on a core and waiting in the run queue, in ms (Linux's schedstat; null elsewhere): a slow call
 * on a loaded machine is told apart from a slow call by what it did on the core.
 */
function threadTimes(): { onCore: number; waiting: number } | null {
  try {
    const [onCore, waiting] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return { onCore: onCore! / 1e6, waiting: waiting! / 1e6 };
  } catch {
    return null;
  }
}

/** Random positions of tiers 4..maxGeese, as many of each tier, either side to move. */
function positions(solution: Solution, seed: number): Position[] {
  const next = random(seed);
  const out: Position[] = [];
  for (let n = 0; n < count; n++) {
    const k = 4 + (n % (solution.maxGeese - 3));
    const set = colexUnrank(Math.floor(next() * choose(POINTS, k)), k);
    const cells = new Uint8Array(POINTS).fill(EMPTY);
    for (const p of set) cells[p] = GOOSE;
    const free = [...Array(POINTS).keys()].filter((p) => cells[p] === EMPTY);
    cells[free[Math.floor(next() * free.length)]!] = FOX;
    out.push({ cells, turn: next() < 0.5 ? 'fox' : 'geese', quiet: 0 });
  }
  return out;
}

for (const geese of [13, 15, 17]) {
  if (!existsSync(compactPath(dir, geese))) continue;
  const opening = performance.now();
  const solution = openSolution(dir, { geese })!;
  const opened = performance.now() - opening;
  const sample = positions(solution, geese);
  for (const p of sample.slice(0, 500)) solution.verdict(p); // warm the code
  const verdict: number[] = [];
  const withKeep: number[] = []; // the winner to move: its keep list is searched
  const withKeepCpu: number[] = []; // the same calls' CPU time: what the machine's other jobs do not add
  const withKeepOnCore: number[] = []; // this thread's time on a core over the same calls (schedstat)
  const slow = { calls: 0, waiting: 0 }; // the keep-list calls over 1 ms wall time, and their run-queue wait
  const winner: number[] = [];
  for (const p of sample) {
    const cpu = process.cpuUsage();
    const before = threadTimes();
    let t = performance.now();
    const v = solution.verdict(p);
    verdict.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    const after = threadTimes();
    if (v.winner === p.turn) {
      withKeep.push(verdict.at(-1)!);
      withKeepCpu.push((used.user + used.system) / 1000);
      if (before && after) {
        withKeepOnCore.push(after.onCore - before.onCore);
        if (verdict.at(-1)! > 1) {
          slow.calls++;
          slow.waiting += after.waiting - before.waiting;
        }
      }
    }
    t = performance.now();
    solution.winner(p);
    winner.push(performance.now() - t);
  }
  const p99 = (ms: number[]): number => [...ms].sort((a, b) => a - b)[Math.floor(0.99 * ms.length)]!;
  const met = (ms: number[]): string => (p99(ms) <= 1 ? 'met' : 'MISSED');
  log(
    `${geese} geese compact (tiers 4..${solution.maxGeese}, opened in ${opened.toFixed(0)} ms, ${mb(process.memoryUsage().rss)} RSS): ${count} random positions, either side to move`,
  );
  log(`  verdict (any position):          ${percentiles(verdict)}`);
  log(
    `  verdict with keep list (${withKeep.length}, the winner to move): ${percentiles(withKeep)} (target p99 <= 1 ms: ${met(withKeep)})`,
  );
  log(
    `  the same, CPU time of the calls:  ${percentiles(withKeepCpu)} (${met(withKeepCpu)}; wall time on a loaded machine adds the waits for a core)`,
  );
  if (withKeepOnCore.length)
    log(
      `  the same, this thread on a core:  ${percentiles(withKeepOnCore)} (${met(withKeepOnCore)}); ${slow.calls} calls over 1 ms wall time waited ${slow.calls ? (slow.waiting / slow.calls).toFixed(3) : '-'} ms each in the run queue`,
    );
  log(`  winner alone:                    ${percentiles(winner)}`);
  solution.close();
}
if (temporary) rmSync(temporary, { recursive: true, force: true });
