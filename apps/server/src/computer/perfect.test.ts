// Level 9: on a small table built here, the perfect computer's choice never turns a won position into a lost
// one, also where most moves would, and wins every game from there against any replies.
import { rmSync } from 'node:fs';

import { applyMove, FOX, type Game, makeMoveText, newGame, playPath, type Position } from '@fg/rules';
import { openSolution, type TableSolution } from '@fg/solver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Solutions } from '../solution/solutions.js';
import { buildTestTable, geeseWins, SOLVED } from '../testing/solution-table.js';
import { choosePerfect, perfectThinker } from './perfect.js';
import type { ThinkAnswer, ThinkTask } from './think.js';

let dir: string;
let solution: TableSolution;
let geeseToWin: Position[]; // geese to move, the geese win
let foxToWin: Position[]; // fox to move, the fox wins, and one of its steps walks into a geese win

beforeAll(async () => {
  dir = await buildTestTable(6);
  solution = openSolution(dir, { geese: 13 })!;
  geeseToWin = geeseWins(dir, solution, 6);
  foxToWin = [];
  const { board } = SOLVED;
  for (const won of geeseToWin) {
    const fox = won.cells.indexOf(FOX);
    for (const link of board.links.filter((l) => l.to === fox || l.from === fox)) {
      const from = link.from === fox ? link.to : link.from;
      if (won.cells[from] !== 0) continue;
      const cells = won.cells.slice();
      cells[fox] = 0;
      cells[from] = FOX;
      const before: Position = { cells, turn: 'fox', quiet: 0 };
      if (solution.winner(before) === 'fox') foxToWin.push(before);
    }
  }
}, 60_000);

afterAll(() => {
  solution.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The legal moves of a game that hand the win to the opponent. */
function losingMoves(game: Game): number {
  const mover = game.position.turn;
  return game.legal.filter((path) => solution.winner(applyMove(SOLVED, game.position, path)) !== mover).length;
}

/** A small seeded generator (an LCG), so a failing game replays. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('choosePerfect', () => {
  it('finds the positions worth testing: won, with moves that would lose', () => {
    const risky = (positions: Position[]): number =>
      positions.filter((p) => losingMoves(newGame(SOLVED, p)) > 0).length;
    // The solve prints it: of tier 6, 57 positions with the geese to move are geese wins; each has a losing move.
    expect([geeseToWin.length, risky(geeseToWin), foxToWin.length, risky(foxToWin)]).toEqual([57, 57, 18, 18]);
  });

  it.each(['geese', 'fox'] as const)('with the %s to move in a won position, keeps the win', (side) => {
    for (const position of side === 'geese' ? geeseToWin : foxToWin) {
      const game = newGame(SOLVED, position);
      const chosen = choosePerfect(solution, game);
      expect(chosen).not.toBeNull();
      expect(solution.winner(applyMove(SOLVED, position, chosen!.path))).toBe(side);
      expect(chosen!.move).toBe(makeMoveText(SOLVED.board, chosen!.path));
    }
  });

  it("takes the engine's move only when it keeps the win", () => {
    let refused = 0;
    for (const position of [...geeseToWin, ...foxToWin]) {
      const game = newGame(SOLVED, position);
      for (const path of game.legal) {
        const text = makeMoveText(SOLVED.board, path);
        const keeps = solution.winner(applyMove(SOLVED, position, path)) === position.turn;
        const chosen = choosePerfect(solution, game, text)!;
        if (keeps) expect(chosen.move).toBe(text);
        else {
          refused++;
          expect(chosen.move).not.toBe(text);
          expect(solution.winner(applyMove(SOLVED, position, chosen.path))).toBe(position.turn);
        }
      }
    }
    expect(refused).toBeGreaterThan(20);
  });

  it('leaves a lost position and one the table does not cover to the engine', () => {
    const lost = geeseToWin[0]!;
    const foxInstead: Position = { ...lost, turn: 'fox' };
    const loser = solution.winner(foxInstead) === 'geese' ? foxInstead : null;
    if (loser) expect(choosePerfect(solution, newGame(SOLVED, loser))).toBeNull();
    expect(choosePerfect(solution, newGame(SOLVED))).toBeNull(); // 13 geese: beyond the test table
  });

  it('wins every game from a won position, whatever the opponent replies', () => {
    let games = 0;
    for (const [i, start] of [...geeseToWin, ...foxToWin].entries()) {
      const winner = start.turn;
      const random = seeded(i + 1);
      let game = newGame(SOLVED, start);
      while (!game.result) {
        const path =
          game.position.turn === winner
            ? choosePerfect(solution, game)!.path
            : game.legal[Math.floor(random() * game.legal.length)]!;
        const next = playPath(game, path);
        if (!next.ok) throw new Error(next.error.message);
        game = next.value;
        if (!game.result) expect(solution.winner(game.position)).toBe(winner);
      }
      expect(game.result.winner).toBe(winner);
      games++;
    }
    expect(games).toBe(geeseToWin.length + foxToWin.length);
  });
});

describe('perfectThinker', () => {
  const task = (level: number): ThinkTask => ({
    kind: 'move',
    variant: 'standard',
    options: { geese: 13 },
    moves: [],
    level,
  });
  const engineAnswer: ThinkAnswer = { kind: 'move', points: ['d3', 'd4'], move: 'd3-d4', depth: 3, ms: 1 };

  it('passes levels 1-8 to the engine unchanged, and level 9 beyond the table as level 8', async () => {
    const asked: ThinkTask[] = [];
    const think = perfectThinker(new Solutions(dir, [{ options: SOLVED.options, solution }]), async (t) => {
      asked.push(t);
      return engineAnswer;
    });
    expect(await think(task(5))).toEqual(engineAnswer);
    expect(await think(task(9))).toEqual(engineAnswer); // the start has 13 geese: the test table stops at 6
    expect(asked.map((t) => t.level)).toEqual([5, 8]);
  });
});
