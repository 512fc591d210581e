// Opening an installed table on the server or the command line, either format (docs/solution.md):
// format 2 (table.fgc, compact) is read into memory whole; format 1 (table.fgs, gigabytes) is read a
// record at a time from disk with fs.readSync at its offset. With sideways moves (docs/rules.md
// section 10.1) the same API answers draws too: sideways/lookup.ts.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

import { FOX, GOOSE, type Position, type Side } from '@fg/rules';

import { compactSolution } from './compact.js';
import { isCompact } from './compact-file.js';
import { compactPath, openInstalled, tablePath } from './dir.js';
import { binom, BINOM_K, POINTS } from './geometry.js';
import { openWdlSolution } from './sideways/lookup.js';
import { makeSolution, type Solution, type TableSolution } from './solution.js';
import { readHeader } from './table-file.js';

export type { Solution, TableSolution, Verdict } from './solution.js';

/** The table for standard with these options in `dir`, or null when none is installed there. */
export function openSolution(
  dir: string,
  options: { readonly geese: number; readonly sideways?: false },
): TableSolution | null;
export function openSolution(
  dir: string,
  options: { readonly geese: number; readonly sideways?: boolean },
): Solution | null;
export function openSolution(
  dir: string,
  options: { readonly geese: number; readonly sideways?: boolean },
): Solution | null {
  if (options.sideways) return openWdlSolution(dir, { geese: options.geese });
  const files = { compact: compactPath(dir, options.geese), raw: tablePath(dir, options.geese) };
  return openInstalled(files, options.geese, openSolutionFile);
}

/** The table in one file, either format (told apart by its first bytes). */
export function openSolutionFile(path: string): TableSolution {
  const fd = openSync(path, 'r');
  const magic = Buffer.alloc(8);
  try {
    readSync(fd, magic, 0, 8, 0);
  } finally {
    closeSync(fd);
  }
  return isCompact(magic) ? compactSolution(readFileSync(path), path) : openFormat1(path);
}

/** A format-1 table: each record read from disk at its offset (no loading of gigabytes). */
function openFormat1(path: string): TableSolution {
  const header = readHeader(path);
  const fd = openSync(path, 'r');
  const word = Buffer.alloc(4);
  const tiers = new Map(header.tiers.map((t) => [t.geese, t]));
  return makeSolution({
    name: path,
    header,
    record(position: Position, k: number): Side {
      const tier = tiers.get(k)!;
      let rank = 0;
      let i = 0;
      let fox = -1;
      let foxIndex = 0;
      for (let p = 0; p < POINTS; p++) {
        const cell = position.cells[p];
        if (cell === GOOSE) rank += binom[p * BINOM_K + ++i]!;
        else if (cell === FOX) {
          fox = p;
          foxIndex = p - i; // free points below the fox
        }
      }
      if (fox < 0) throw new RangeError('the position has no fox');
      const offset = (position.turn === 'fox' ? tier.fwOffset : tier.gwOffset) + 4 * rank;
      if (readSync(fd, word, 0, 4, offset) !== 4) throw new Error(`${path} ends early: is it whole?`);
      const bit = (word.readUInt32LE(0) >>> foxIndex) & 1;
      return position.turn === 'fox' ? (bit ? 'fox' : 'geese') : bit ? 'geese' : 'fox';
    },
    close: () => closeSync(fd),
  });
}
