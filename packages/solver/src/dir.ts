// Where solution tables live: the solver writes there and the server reads from there.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The solutions directory: SOLUTION_DIR, else DATA_DIR/solutions, else apps/server/data/solutions
 * (DATA_DIR's default, ./data, is the server's folder: apps/server/src/config.ts). A relative
 * DATA_DIR is taken from `cwd` as the server takes it from its own working directory.
 */
export function solutionDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  cwd = process.cwd(),
): string {
  if (env.SOLUTION_DIR) return resolve(cwd, env.SOLUTION_DIR);
  if (env.DATA_DIR) return resolve(cwd, env.DATA_DIR, 'solutions');
  return join(repoRoot, 'apps', 'server', 'data', 'solutions');
}

/** The folder of one options' table inside the solutions directory: `standard-13`. */
export function tableFolder(dir: string, geese: number): string {
  return join(dir, `standard-${geese}`);
}

/** The table file of one options. */
export function tablePath(dir: string, geese: number): string {
  return join(tableFolder(dir, geese), 'table.fgs');
}

/** The format-2 (compact) table file of one options, preferred to table.fgs when both are there. */
export function compactPath(dir: string, geese: number): string {
  return join(tableFolder(dir, geese), 'table.fgc');
}

/**
 * Opens an installed table: its compact file when it is there, else its raw one; null when neither is. A file
 * that holds the table of other options than the `geese` asked for is closed and refused.
 */
export function openInstalled<T extends { readonly geese: number; close(): void }>(
  files: { readonly compact: string; readonly raw: string },
  geese: number,
  open: (path: string) => T,
): T | null {
  const path = existsSync(files.compact) ? files.compact : files.raw;
  if (!existsSync(path)) return null;
  const solution = open(path);
  if (solution.geese !== geese) {
    solution.close();
    throw new Error(`${path} holds the table for ${solution.geese} geese`);
  }
  return solution;
}
