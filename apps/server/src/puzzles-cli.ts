// `pnpm puzzles build|check [--geese 13] [--count N] [--games N] [--endgame N] [--no-grade]` (docs/puzzles.md): builds the
// puzzles of a solution table into the server's store (DATA_DIR's puzzles.sqlite, or Redis with REDIS_URL), or
// checks every stored one against the table. SOLUTION_DIR (else DATA_DIR/solutions) holds the tables.
import { checkPuzzle } from '@fg/puzzles';
import { getVariant, type Side } from '@fg/rules';
import { openSolution } from '@fg/solver';

import { loadConfig } from './config.js';
import { buildPuzzles, everyPuzzle } from './puzzles/build/build.js';
import type { GameReader } from './puzzles/build/stored-games.js';
import type { PuzzleStore } from './puzzles/puzzle-store.js';
import { redisGames } from './store/redis/redis-games.js';
import { connectRedis } from './store/redis/redis-keys.js';
import { RedisPuzzleStore } from './store/redis/redis-puzzles.js';
import { sqliteGames } from './store/sqlite/sqlite-games.js';
import { SqlitePuzzleStore } from './store/sqlite/sqlite-puzzles.js';

const USAGE =
  'usage: pnpm puzzles build [--variant standard] [--geese 13|15|17] [--count 2000] [--games N] [--endgame N] [--no-grade]\n' +
  '       pnpm puzzles check [--geese 13]\n';

/** Reads `--name value` flags; an unknown one or a missing value is an error. */
function parseFlags(words: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--no-grade') flags.set('no-grade', 'true');
    else if (['--variant', '--geese', '--count', '--games', '--endgame'].includes(word) && words[i + 1] !== undefined)
      flags.set(word.slice(2), words[++i]!);
    else throw new Error(`unknown or incomplete option "${word}"`);
  }
  return flags;
}

/** A whole number flag at least `min`. */
function wholeFlag(
  flags: Map<string, string>,
  name: string,
  fallback: number | undefined,
  min: number,
): number | undefined {
  const text = flags.get(name);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`--${name} must be a whole number of at least ${min}, not "${text}"`);
  return n;
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'build' && command !== 'check') {
    process.stderr.write(USAGE);
    return 2;
  }
  const flags = parseFlags(rest);
  if ((flags.get('variant') ?? 'standard') !== 'standard')
    throw new Error(`only standard is solved; not "${flags.get('variant')}"`);
  const geese = wholeFlag(flags, 'geese', 13, 4)!;
  const config = loadConfig();
  const variant = getVariant('standard', { geese, sideways: false });
  if (!variant.ok) throw new Error(variant.error.message);
  const solution = openSolution(config.solutionDir, { geese });
  if (!solution)
    throw new Error(`no ${geese}-geese solution table in ${config.solutionDir}: pnpm solve standard --geese ${geese}`);
  const redis = config.redisUrl ? connectRedis(config.redisUrl, { commandTimeout: 30_000 }) : null;
  const store: PuzzleStore = redis ? new RedisPuzzleStore(redis) : new SqlitePuzzleStore(config.dataDir);
  const say = (line: string): void => void process.stdout.write(`${new Date().toISOString()} ${line}\n`);
  try {
    if (command === 'build') {
      const games: GameReader = redis ? redisGames(redis, geese) : sqliteGames(config.dataDir, geese);
      const games_ = wholeFlag(flags, 'games', undefined, 0);
      await buildPuzzles(store, solution, variant.value, games, {
        count: wholeFlag(flags, 'count', 2000, 1)!,
        ...(games_ === undefined ? {} : { games: games_ }),
        endgame: wholeFlag(flags, 'endgame', 0, 0)!,
        grade: !flags.has('no-grade'),
        log: say,
      });
      return 0;
    }
    return await check(store, solution, variant.value, geese, say);
  } finally {
    solution.close();
    await store.close();
    redis?.disconnect();
  }
}

/** Checks every stored puzzle of a geese count against the table; prints the counts; 1 when any is wrong. */
async function check(
  store: PuzzleStore,
  solution: NonNullable<ReturnType<typeof openSolution>>,
  variant: NonNullable<Extract<ReturnType<typeof getVariant>, { ok: true }>['value']>,
  geese: number,
  say: (line: string) => void,
): Promise<number> {
  const started = Date.now();
  const bySide: Record<Side, number> = { fox: 0, geese: 0 };
  const byTheme = new Map<string, Record<Side, number>>();
  const level8 = { tried: 0, missed: 0 };
  const lines = new Map<number, number>();
  let wrong = 0;
  for await (const puzzle of everyPuzzle(store, geese)) {
    const problems = checkPuzzle(solution, variant, puzzle);
    if (problems.length > 0) {
      wrong++;
      say(`${puzzle.id} is wrong: ${problems.join('; ')}`);
    }
    bySide[puzzle.side]++;
    for (const theme of puzzle.themes) {
      const counts = byTheme.get(theme) ?? { fox: 0, geese: 0 };
      counts[puzzle.side]++;
      byTheme.set(theme, counts);
    }
    const solverMoves = (puzzle.line.length + 1) / 2;
    lines.set(solverMoves, (lines.get(solverMoves) ?? 0) + 1);
    if (puzzle.level8Missed !== null) {
      level8.tried++;
      if (puzzle.level8Missed) level8.missed++;
    }
  }
  const total = bySide.fox + bySide.geese;
  say(
    `checked ${total} puzzles of ${geese} geese against the table in ${((Date.now() - started) / 1000).toFixed(1)} s: ${wrong} wrong`,
  );
  say(`by side: fox ${bySide.fox}, geese ${bySide.geese}`);
  for (const [theme, counts] of [...byTheme].sort()) say(`theme ${theme}: fox ${counts.fox}, geese ${counts.geese}`);
  say(
    `solver moves: ${[...lines]
      .sort()
      .map(([n, c]) => `${n}: ${c}`)
      .join(', ')}`,
  );
  const share = level8.tried === 0 ? '-' : `${((100 * level8.missed) / level8.tried).toFixed(1)}%`;
  say(`level 8 misses the only move in ${level8.missed} of ${level8.tried} graded puzzles (${share})`);
  return wrong === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`pnpm puzzles: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
