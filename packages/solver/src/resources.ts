// What a solve needs, measured before it starts: memory for the arrays of the largest tier and
// disk for the table, so that a run that cannot finish refuses at once and says how much it needs.
import { statfsSync } from 'node:fs';
import { freemem, totalmem } from 'node:os';

import { choose, MIN_GEESE, POINTS } from './geometry.js';

/** Bytes of the shared arrays while tier k is solved: FW and GW of k, X of k (unless top), X of k - 1. */
function tierMemory(k: number, top: number): number {
  const sets = choose(POINTS, k);
  return 4 * (2 * sets + (k < top ? sets : 0) + (k > MIN_GEESE ? choose(POINTS, k - 1) : 0));
}

/** Bytes the solve up to `top` geese needs in memory at its peak, with room for the program itself. */
export function solveMemory(top: number): number {
  let peak = 0;
  for (let k = MIN_GEESE; k <= top; k++) peak = Math.max(peak, tierMemory(k, top));
  return peak + 256 * 2 ** 20;
}

/** Gigabytes, for messages. */
function gb(bytes: number): string {
  return `${(bytes / 1e9).toFixed(1)} GB`;
}

/** Why the machine cannot hold the solve, or null when it can. */
export function memoryShortage(need: number): string | null {
  const constrained = process.constrainedMemory?.() ?? 0;
  const total = constrained > 0 ? Math.min(constrained, totalmem()) : totalmem();
  const free = Math.min(freemem(), total);
  if (need <= free) return null;
  return `not enough memory: the solve needs ${gb(need)} of RAM; ${gb(free)} is free of ${gb(total)} (os.freemem)`;
}

/** Why the disk under `dir` cannot hold `need` more bytes, or null when it can. */
export function diskShortage(dir: string, need: number): string | null {
  const s = statfsSync(dir);
  const free = s.bavail * s.bsize;
  if (need <= free) return null;
  return `not enough disk space in ${dir}: the solve needs ${gb(need)} more; ${gb(free)} is free`;
}
