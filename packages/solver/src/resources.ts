// What a solve needs, measured before it starts: memory for the arrays of the largest tier and
// disk for the table, so that a run that cannot finish refuses at once and says how much it needs.
import { statfsSync } from 'node:fs';
import { freemem, totalmem } from 'node:os';

import { canonicalSets } from './canonical.js';
import { choose, MIN_GEESE, POINTS } from './geometry.js';

/** Records a tier's arrays hold: every set (format 1) or one of each mirror pair (format 2). */
function recordsOf(format: 1 | 2): (k: number) => number {
  return format === 1 ? (k) => choose(POINTS, k) : canonicalSets;
}

/** Records the two X buffers must hold: the largest tier below the top of each parity (odd, even k). */
export function xBufferSizes(top: number, records: (k: number) => number = recordsOf(1)): [number, number] {
  const most: [number, number] = [0, 0];
  for (let k = MIN_GEESE; k < top; k++) most[k % 2] = Math.max(most[k % 2]!, records(k));
  return most;
}

/**
 * Bytes the solve up to `top` geese holds: FW (and GW for format 1) at the top tier's size and the two
 * X buffers, with room for the program and for the set format 2 writes at a tier's end.
 */
export function solveMemory(top: number, format: 1 | 2 = 1): number {
  const records = recordsOf(format);
  const [a, b] = xBufferSizes(top, records);
  return 4 * ((format === 1 ? 2 : 1) * records(top) + a + b) + (format === 1 ? 256 : 768) * 2 ** 20;
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
