// Opening the table with sideways moves on the server or the command line: the compact one (format 2,
// table.fgc, read into memory whole) when it is there, else the raw wdl-1 one (table.fgw), whose
// fox-to-move records are read from disk at their offset. Either way a geese-to-move position is valued
// one ply away, over the fox-to-move values its goose moves lead to (solution.ts).
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

import { FOX, GOOSE, type Position } from '@fg/rules';

import { openInstalled } from '../dir.js';
import { binom, BINOM_K, POINTS } from '../geometry.js';
import { wdlCompactPath, wdlPath } from './build.js';
import { compactWdlSolution } from './compact.js';
import { makeWdlSolution, type Outcome, type WdlSolution } from './solution.js';
import { readWdlHeader } from './table-file.js';

export type { Outcome, WdlSolution, WdlVerdict } from './solution.js';

/** The table with sideways moves for these options in `dir` (the compact one first), or null when none is installed there. */
export function openWdlSolution(dir: string, options: { readonly geese: number }): WdlSolution | null {
  const files = { compact: wdlCompactPath(dir, options.geese), raw: wdlPath(dir, options.geese) };
  return openInstalled(files, options.geese, (path) =>
    path === files.compact ? compactWdlSolution(readFileSync(path), path) : openRawWdl(path, options.geese),
  );
}

/** The raw wdl-1 table: each fox-to-move record read from disk at its offset (no loading of gigabytes). */
export function openRawWdl(path: string, geese: number): WdlSolution {
  const header = readWdlHeader(path);
  if (header.options.geese !== geese) throw new Error(`${path} holds the table for ${header.options.geese} geese`);
  const fd = openSync(path, 'r');
  const word = Buffer.alloc(4);
  const tiers = new Map(header.tiers.map((t) => [t.geese, t]));

  const read = (offset: number): number => {
    if (readSync(fd, word, 0, 4, offset) !== 4) throw new Error(`${path} ends early: is it whole?`);
    return word.readUInt32LE(0);
  };

  return makeWdlSolution({
    name: path,
    header,
    foxOutcome(position: Position, k: number): Outcome {
      const tier = tiers.get(k)!;
      let rank = 0;
      let i = 0;
      let foxIndex = -1;
      for (let p = 0; p < POINTS; p++) {
        const cell = position.cells[p];
        if (cell === GOOSE) rank += binom[p * BINOM_K + ++i]!;
        else if (cell === FOX) foxIndex = p - i;
      }
      if (foxIndex < 0) throw new RangeError('the position has no fox');
      if ((read(tier.fwOffset + 4 * rank) >>> foxIndex) & 1) return 'win';
      if ((read(tier.flOffset + 4 * rank) >>> foxIndex) & 1) return 'loss';
      return 'draw';
    },
    close: () => closeSync(fd),
  });
}
