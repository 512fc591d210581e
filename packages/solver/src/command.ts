// `rules solve standard --geese 13 --position "<text>"` (docs/rules.md section 10): the winner with
// perfect play and the moves that keep the win, read from the table installed in the solutions
// directory. Also answers `solve` lines in `rules batch`.
import type { CommandOutput, Parsed } from '@fg/rules/command';

import { solutionDir } from './dir.js';
import { openSolution, type Solution } from './lookup.js';

const open = new Map<string, Solution | null>();

/** The table for these options in `dir`, opened once per process (batch answers many lines). */
function solutionFor(dir: string, geese: number): Solution | null {
  const key = `${dir}\n${geese}`;
  if (!open.has(key)) open.set(key, openSolution(dir, { geese }));
  return open.get(key)!;
}

const refuse = (message: string): CommandOutput => ({ status: 2, lines: [], error: message });

/** The solve command, given the words the rules command line has read. */
export function solveCommand({ variant, position, rest }: Parsed, dir = solutionDir()): CommandOutput {
  if (rest.length) return refuse(`unexpected "${rest[0]}"; solve takes --position "<text>", not move text`);
  if (variant.id !== 'standard' || variant.options.sideways)
    return refuse(
      `no solution table for ${variant.id}${variant.options.sideways ? ' with sideways moves' : ''}; only standard without sideways moves is solved`,
    );
  const geese = Number(variant.options.geese);
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
