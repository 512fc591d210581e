// The solve's inner loops timed: a test-size build (tiers 4..UP_TO) on the calling thread, format 1
// (kernel.ts) and format 2 (halved-kernel.ts) in turn, several runs each; prints the best CPU time of
// each (CPU, not wall: on a shared machine the wall clock measures the neighbours).
// `npx tsx packages/solver/bench/kernel-speed.ts [upTo] [runs]`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildTable } from '../src/solve.js';

const upTo = Number(process.argv[2] ?? 8);
const runs = Number(process.argv[3] ?? 3);
const best: Record<string, number> = {};
for (let run = 0; run < runs; run++) {
  for (const format of [1, 2] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'fg-kernel-speed-'));
    const start = process.cpuUsage();
    await buildTable({ geese: 13, upTo, dir, workers: 0, format });
    const used = process.cpuUsage(start);
    const ms = (used.user + used.system) / 1000;
    rmSync(dir, { recursive: true, force: true });
    const name = `format ${format}`;
    best[name] = Math.min(best[name] ?? Infinity, ms);
    console.log(`run ${run + 1}: ${name}, tiers 4..${upTo}: ${ms.toFixed(0)} ms CPU`);
  }
}
for (const [name, ms] of Object.entries(best)) console.log(`best ${name}: ${ms.toFixed(0)} ms CPU`);
