// "Draws in the solution" over the real server, with a small table with sideways moves built here (tiers 4..6
// of 13 geese): VariantInfo.solved, GET /api/solution (winner null and the drawing moves for a draw, `exact`), the
// tablebase's category "draw", and the options kept apart from the game without sideways moves.
import { rmSync } from 'node:fs';

import { applyMove, generateMoves, makeMoveText, parsePosition, type Position } from '@fg/rules';
import { openSolution, type Solution } from '@fg/solver';
import { buildSmallSidewaysTable } from '@fg/solver/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { request, startServer, type TestServer } from '../testing/harness.js';
import { SIDEWAYS } from '../testing/solution-table.js';

let dir: string;
let solution: Solution;
let server: TestServer;

beforeAll(async () => {
  dir = await buildSmallSidewaysTable(6);
  solution = openSolution(dir, { geese: 13, sideways: true })!;
  server = await startServer({ solutionDir: dir });
}, 120_000);

afterAll(async () => {
  await server.close();
  solution.close();
  rmSync(dir, { recursive: true, force: true });
});

const position = (text: string): Position => {
  const p = parsePosition(SIDEWAYS, text);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};
const query = (text: string, options = 'geese=13&sideways=true'): string =>
  `position=${encodeURIComponent(text)}&${options}`;

/** Geese to move, a draw: d3 steps sideways and the fox never catches a goose. */
const DRAWN = 'fox:d4 geese:c1,d1,e1,d3 turn:geese';
/** Fox to move, a win: d4xd2. */
const WON = 'fox:d4 geese:c1,d1,e1,d3 turn:fox';

describe('with sideways moves', () => {
  it('VariantInfo.solved lists the options with sideways moves', async () => {
    const { body } = await request(server.base, 'GET', '/api/variants');
    const standard = (body.variants as { id: string; solved: unknown }[]).find((v) => v.id === 'standard')!;
    expect(standard.solved).toEqual([{ geese: 13, sideways: true }]);
  });

  it('GET /api/solution answers a draw with winner null and the moves that keep the draw', async () => {
    const { status, body } = await request(server.base, 'GET', `/api/solution/standard?${query(DRAWN)}`);
    expect(status).toBe(200);
    expect(body).toEqual({ winner: null, keep: ['d3-c3', 'd3-e3'], exact: true });
    // Every other move loses for the geese.
    const p = position(DRAWN);
    const others = generateMoves(SIDEWAYS, p)
      .map((path) => makeMoveText(SIDEWAYS.board, path))
      .filter((m) => !['d3-c3', 'd3-e3'].includes(m));
    expect(others.length).toBeGreaterThan(0);
    for (const m of others) {
      const path = generateMoves(SIDEWAYS, p).find((q) => makeMoveText(SIDEWAYS.board, q) === m)!;
      expect(solution.winner(applyMove(SIDEWAYS, p, path))).toBe('fox');
    }
  });

  it('GET /api/solution answers a win, exact only while the quiet count leaves the fifty-move rule out', async () => {
    const ask = async (text: string) =>
      (await request(server.base, 'GET', `/api/solution/standard?${query(text)}`)).body;
    expect(await ask(WON)).toEqual({ winner: 'fox', keep: ['d4xd2'], exact: true });
    expect(await ask(`${WON} quiet:83`)).toEqual({ winner: 'fox', keep: ['d4xd2'], exact: true });
    expect(await ask(`${WON} quiet:84`)).toEqual({ winner: 'fox', keep: ['d4xd2'], exact: false });
    expect(await ask(`${DRAWN} quiet:99`)).toEqual({ winner: null, keep: ['d3-c3', 'd3-e3'], exact: true });
  });

  it('the tablebase answers category "draw": winning moves first, then drawing ones', async () => {
    const { status, body } = await request(server.base, 'GET', `/api/tablebase/standard?${query(DRAWN)}`);
    expect(status).toBe(200);
    const p = position(DRAWN);
    const expected = generateMoves(SIDEWAYS, p).map((path) => {
      const after = applyMove(SIDEWAYS, p, path);
      const winner = solution.winner(after);
      const category: 'win' | 'draw' | 'loss' = winner === null ? 'draw' : winner === after.turn ? 'win' : 'loss';
      return { move: makeMoveText(SIDEWAYS.board, path), category };
    });
    const rank = { loss: 0, draw: 1, win: 2 } as const;
    expected.sort((a, b) => rank[a.category] - rank[b.category] || (a.move < b.move ? -1 : 1));
    expect(body).toEqual({ category: 'draw', moves: expected, exact: true });
    expect(body.moves.slice(0, 2)).toEqual([
      { move: 'd3-c3', category: 'draw' },
      { move: 'd3-e3', category: 'draw' },
    ]);
    const won = await request(server.base, 'GET', `/api/tablebase/standard?${query(WON)}`);
    expect(won.body.category).toBe('win');
    expect(won.body.moves[0]).toEqual({ move: 'd4xd2', category: 'loss' });
  });

  it('the options without sideways moves are not served by it', async () => {
    const { status, body } = await request(
      server.base,
      'GET',
      `/api/solution/standard?${query(WON, 'geese=13&sideways=false')}`,
    );
    expect(status).toBe(404);
    expect(body.error.code).toBe('not-solved');
    expect(body.error.message).toContain('standard {"geese":13,"sideways":true}');
  });
});
