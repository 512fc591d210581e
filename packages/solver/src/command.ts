// `rules solve standard --geese 13 [--sideways] --position "<text>"` (docs/rules.md section 10): the
// winner with perfect play (or a draw, with sideways moves) and the moves that keep it, read from the
// table installed in the solutions directory. Also answers `solve` lines in `rules batch`.
import type { CommandOutput, Parsed } from '@fg/rules/command';

import { solutionDir } from './dir.js';
import { openSolution, type Solution } from './lookup.js';
import { openWdlSolution, type WdlSolution } from './sideways/lookup.js';

const open = new Map<string, Solution | null>();

/** The table for these options in `dir`, opened once per process (batch answers many lines). */
function solutionFor(dir: string, geese: number): Solution | null {
  const key = `${dir}\n${geese}`;
  if (!open.has(key)) open.set(key, openSolution(dir, { geese }));
  return open.get(key)!;
}

const refuse = (message: string): CommandOutput => ({ status: 2, lines: [], error: message });

const openWdl = new Map<string, WdlSolution | null>();

/** The sideways table for these options in `dir`, opened once per process. */
function wdlSolutionFor(dir: string, geese: number): WdlSolution | null {
  const key = `${dir}\n${geese}`;
  if (!openWdl.has(key)) openWdl.set(key, openWdlSolution(dir, { geese }));
  return openWdl.get(key)!;
}

/** `solve` with sideways moves (docs/rules.md section 10.1): winner fox | geese | draw, and the moves that keep it. */
function solveSideways({ position }: Parsed, geese: number, dir: string): CommandOutput {
  let solution: WdlSolution | null;
  try {
    solution = wdlSolutionFor(dir, geese);
  } catch (e) {
    return refuse(
      `the solution table for standard --geese ${geese} --sideways cannot be read: ${(e as Error).message}`,
    );
  }
  if (!solution)
    return refuse(
      `no solution table is installed for standard --geese ${geese} --sideways in ${dir}; build it with pnpm solve standard --geese ${geese} --sideways`,
    );
  try {
    const verdict = solution.verdict(position);
    return { status: 0, lines: [`winner: ${verdict.winner ?? 'draw'}`, `keep: ${verdict.keep.join(' ')}`] };
  } catch (e) {
    return refuse((e as Error).message);
  }
}

/** The solve command, given the words the rules command line has read. */
export function solveCommand({ variant, position, rest }: Parsed, dir = solutionDir()): CommandOutput {
  if (rest.length) return refuse(`unexpected "${rest[0]}"; solve takes --position "<text>", not move text`);
  if (variant.id !== 'standard') return refuse(`no solution table for ${variant.id}; only standard is solved`);
  const geese = Number(variant.options.geese);
  if (variant.options.sideways) return solveSideways({ variant, position, rest }, geese, dir);
  let solution: Solution | null;
  try {
    solution = solutionFor(dir, geese);
  } catch (e) {
    return refuse(`the solution table for standard --geese ${geese} cannot be read: ${(e as Error).message}`);
  }
  if (!solution)
    return refuse(
      `no solution table is installed for standard --geese ${geese} in ${dir}; build it with pnpm solve standard --geese ${geese}`,
    );
  if (!solution.covers(position)) {
    try {
      solution.winner(position);
    } catch (e) {
      return refuse((e as Error).message);
    }
  }
  const verdict = solution.verdict(position);
  return { status: 0, lines: [`winner: ${verdict.winner}`, `keep: ${verdict.keep.join(' ')}`] };
}
