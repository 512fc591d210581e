// Level 9 with sideways moves on a small table (tiers 4..6): from won positions it wins against any replies,
// every one of its moves keeping the win and the game never drawn by repetition or the fifty-move rule; from drawn
// positions it never lets the draw go.
import { readFileSync, rmSync } from 'node:fs';

import { FOX, GOOSE, newGame, playPath, type Position, type Side } from '@fg/rules';
import { openSolution, type WdlSolution } from '@fg/solver';
import { buildSmallSidewaysTable, colexUnrank, random } from '@fg/solver/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { randomPositions, SIDEWAYS } from '../testing/solution-table.js';
import { choosePerfect } from './perfect.js';

let dir: string;
let solution: WdlSolution;
beforeAll(async () => {
  dir = await buildSmallSidewaysTable(6);
  solution = openSolution(dir, { geese: 13, sideways: true }) as WdlSolution;
}, 120_000);
afterAll(() => {
  solution.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Random positions of 4 to 6 geese whose perfect-play result for the side to move is `wanted`. */
const positions = (seed: number, count: number, wanted: (p: Position) => boolean): Position[] =>
  randomPositions(SIDEWAYS, seed, count, {
    turn: (next) => (next() < 0.5 ? 'fox' : 'geese'),
    quiet: () => 0,
    keep: wanted,
  });

/** Every position of tier k with the fox to move that the fox loses (FL bits of the file): the geese's wins. */
function foxLosses(k: number): Position[] {
  const header = solution.header;
  if (header.format !== 'wdl-1') throw new Error('foxLosses reads the raw test table');
  const tier = header.tiers.find((t) => t.geese === k)!;
  const bytes = readFileSync(`${dir}/standard-13-sideways/table.fgw`);
  const found: Position[] = [];
  for (let rank = 0; rank < tier.sets; rank++) {
    const mask = bytes.readUInt32LE(tier.flOffset + 4 * rank);
    if (mask === 0) continue;
    const geese = new Set(colexUnrank(rank, k));
    const free = [...Array(33).keys()].filter((p) => !geese.has(p));
    for (let j = 0; j < free.length; j++) {
      if (((mask >>> j) & 1) === 0) continue;
      const cells = new Uint8Array(33);
      for (const g of geese) cells[g] = GOOSE;
      cells[free[j]!] = FOX;
      found.push({ cells, turn: 'fox', quiet: 0 });
    }
  }
  return found;
}

/** Plays level 9 (as `side`) against seeded random replies for at most `plies` plies; the game and level 9's moves. */
function play(start: Position, side: Side, seed: number, plies: number) {
  const next = random(seed);
  let game = newGame(SIDEWAYS, start);
  const kept: (Side | null)[] = [];
  while (!game.result && game.moves.length < plies) {
    let path;
    if (game.position.turn === side) {
      path = choosePerfect(solution, game)!.path;
    } else path = game.legal[Math.floor(next() * game.legal.length)]!;
    const played = playPath(game, path);
    if (!played.ok) throw new Error(played.error.message);
    game = played.value;
    if (game.position.turn !== side && !game.result) kept.push(solution.winner(game.position));
  }
  return { game, kept };
}

describe('level 9 with sideways moves', () => {
  it('wins every won position it is given, keeping the win on every move, with no draw by repetition or fifty moves', () => {
    // The fox's wins from random positions; the geese's from every position of 6 geese where the fox to move loses.
    const starts: [Position, Side][] = [
      ...positions(1, 16, (p) => solution.winner(p) === p.turn).map((p): [Position, Side] => [p, p.turn]),
      ...foxLosses(6).map((p): [Position, Side] => [p, 'geese']),
    ];
    expect(starts.filter(([, side]) => side === 'geese').length).toBe(12);
    for (const [i, [start, side]] of starts.entries()) {
      const { game, kept } = play(start, side, i, 300);
      expect(game.result?.winner).toBe(side);
      expect(kept.every((w) => w === side)).toBe(true);
    }
  });

  it('never lets a drawn position go', () => {
    const drawn = positions(2, 12, (p) => solution.winner(p) === null);
    for (const [i, start] of drawn.entries()) {
      const side = start.turn;
      const { game, kept } = play(start, side, 100 + i, 80);
      expect(kept.every((w) => w === null || w === side)).toBe(true);
      expect(game.result?.winner ?? null).not.toBe(side === 'fox' ? 'geese' : 'fox');
    }
  });
});
