// The engine measured against the truth (issue 16, part 4): positions sampled from real games
// (self-play of levels 1-5, random openings, the weaker levels' mistakes: every stage), half won
// for the fox to move and half for the geese to move by the table; then for each level 1-8 the
// share of those won positions where the level's move keeps the win ("accuracy"), fox and geese
// apart. Needs the 13-geese table (docs/solution.md); run it alone on a quiet machine:
//   pnpm exec tsx packages/solver/bench/accuracy.ts [--positions=2000] [--levels=1-8] [--seed=1] [--dir=DIR]
// Level 8 thinks 1.3 s a move, so 2,000 positions take it about 45 minutes by itself.
import { chooseMove } from '@fg/engine';
import {
  applyMove,
  generateMoves,
  makeMoveText,
  newGame,
  playMoveText,
  type Position,
  positionKey,
  type Side,
} from '@fg/rules';

import { openSolution, solutionDir } from '../src/index.js';
import { random, STANDARD } from '../src/testing.js';

const option = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const wanted = Number(option('positions', '2000'));
const [low, high] = option('levels', '1-8').split('-').map(Number) as [number, number];
const seed = Number(option('seed', '1'));
const solution = openSolution(option('dir', solutionDir()), { geese: 13 });
if (!solution) {
  process.stderr.write('no 13-geese table installed: build it with pnpm solve standard --geese 13\n');
  process.exit(2);
}
// A test table (--up-to K) samples only the positions with at most K geese: a dry run of this script.
if (solution.maxGeese < 13)
  process.stderr.write(`a test table: positions with at most ${solution.maxGeese} geese only\n`);

/** Positions won for the side to move, each side's up to `wanted / 2`, from games of many kinds. */
function sample(): { fox: Position[]; geese: Position[] } {
  const next = random(seed);
  const pools: Record<Side, Map<string, Position>> = { fox: new Map(), geese: new Map() };
  const full = (): boolean => pools.fox.size >= wanted / 2 && pools.geese.size >= wanted / 2;
  let games = 0;
  while (!full() && games < 10 * wanted) {
    games++;
    const opening = Math.floor(next() * 9); // random plies first
    const levels: Record<Side, number> = { fox: 1 + Math.floor(next() * 5), geese: 1 + Math.floor(next() * 5) };
    let game = newGame(STANDARD);
    for (let ply = 0; game.result === null && ply < 300; ply++) {
      const { position } = game;
      const winner = solution!.covers(position) ? solution!.winner(position) : null;
      const pool = winner === null ? null : pools[winner];
      if (pool && winner === position.turn && pool.size < wanted / 2 && next() < 0.3)
        pool.set(positionKey(position), position);
      const move =
        ply < opening
          ? makeMoveText(STANDARD.board, game.legal[Math.floor(next() * game.legal.length)]!)
          : chooseMove(game, { level: levels[position.turn], seed: games * 1000 + ply }).move;
      const played = playMoveText(game, move);
      if (!played.ok) throw new Error(played.error.message);
      game = played.value;
    }
  }
  process.stderr.write(
    `sampled ${pools.fox.size} fox-won and ${pools.geese.size} geese-won positions from ${games} games\n`,
  );
  return { fox: [...pools.fox.values()], geese: [...pools.geese.values()] };
}

const positions = sample();
const share = (n: number, of: number): string => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);
process.stdout.write('level | fox keeps the win | geese keep the win | ms a move\n---|---|---|---\n');
for (let level = low; level <= high; level++) {
  const kept: Record<Side, number> = { fox: 0, geese: 0 };
  const started = Date.now();
  let moves = 0;
  for (const side of ['fox', 'geese'] as const) {
    positions[side].forEach((position, i) => {
      const choice = chooseMove(newGame(STANDARD, position), { level, seed: seed * 100_000 + i });
      const path = generateMoves(STANDARD, position).find((m) => makeMoveText(STANDARD.board, m) === choice.move)!;
      if (solution.winner(applyMove(STANDARD, position, path)) === side) kept[side]++;
      moves++;
    });
  }
  const ms = (Date.now() - started) / moves;
  process.stdout.write(
    `${level} | ${share(kept.fox, positions.fox.length)} of ${positions.fox.length} | ${share(kept.geese, positions.geese.length)} of ${positions.geese.length} | ${ms.toFixed(0)}\n`,
  );
}
solution.close();
