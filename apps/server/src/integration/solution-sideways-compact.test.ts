// The table with sideways moves in format 2 over the real server: one server reads only the compact
// table.fgc of a small table (tiers 4..6 of 13 geese, the raw table moved aside), another only the raw
// table.fgw of the same build; GET /api/solution, the tablebase and level 9's choice answer the same on
// both, on random positions with either side to move.
import { rmSync } from 'node:fs';

import { FOX, GOOSE, newGame, type Position } from '@fg/rules';
import { openSolution, type WdlSolution } from '@fg/solver';
import { buildSmallSidewaysTable } from '@fg/solver/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { choosePerfect } from '../computer/perfect.js';
import { request, startServer, type TestServer } from '../testing/harness.js';
import { randomPositions, SIDEWAYS } from '../testing/solution-table.js';

let rawDir: string;
let compactDir: string;
let raw: TestServer;
let compact: TestServer;

beforeAll(async () => {
  [rawDir, compactDir] = await Promise.all([buildSmallSidewaysTable(6), buildSmallSidewaysTable(6, 'compact')]);
  [raw, compact] = await Promise.all([startServer({ solutionDir: rawDir }), startServer({ solutionDir: compactDir })]);
}, 180_000);

afterAll(async () => {
  await Promise.all([raw.close(), compact.close()]);
  for (const dir of [rawDir, compactDir]) rmSync(dir, { recursive: true, force: true });
});

/** Random positions of 4 to 6 geese (the game not over), the sides to move in turn, with a random quiet count. */
const positions = (seed: number, count: number): Position[] =>
  randomPositions(SIDEWAYS, seed, count, {
    turn: (_, found) => (found % 2 ? 'geese' : 'fox'),
    quiet: (next) => Math.floor(next() * 100),
  });

/** A position as the API's text. */
function text(p: Position): string {
  const names = (cell: number) =>
    SIDEWAYS.board.points.filter((_, i) => p.cells[i] === cell).map((point) => point.name);
  return `fox:${names(FOX).join(',')} geese:${names(GOOSE).join(',')} turn:${p.turn} quiet:${p.quiet}`;
}

describe('the table with sideways moves read from format 2 only', () => {
  it('lists the same solved options', async () => {
    const solved = async (server: TestServer) =>
      ((await request(server.base, 'GET', '/api/variants')).body.variants as { id: string; solved: unknown }[]).find(
        (v) => v.id === 'standard',
      )!.solved;
    expect(await solved(compact)).toEqual([{ geese: 13, sideways: true }]);
    expect(await solved(raw)).toEqual(await solved(compact));
  });

  it('answers GET /api/solution and the tablebase as the raw table does, both sides to move', async () => {
    const seen = { fox: 0, geese: 0, draw: 0, inexact: 0 };
    // Random positions; a won one whose quiet count lets the fifty-move rule matter; one the geese win.
    const texts = [
      ...positions(43, 120).map(text),
      'fox:d4 geese:c1,d1,e1,d3 turn:fox quiet:84',
      'fox:d1 geese:c1,e1,c2,d2,e2,d3 turn:fox quiet:0',
    ];
    for (const t of texts) {
      const q = `position=${encodeURIComponent(t)}&geese=13&sideways=true`;
      for (const route of ['/api/solution/standard', '/api/tablebase/standard']) {
        const [a, b] = await Promise.all([
          request(compact.base, 'GET', `${route}?${q}`),
          request(raw.base, 'GET', `${route}?${q}`),
        ]);
        expect(a.status).toBe(200);
        expect(a.body).toEqual(b.body);
      }
      const { body } = await request(compact.base, 'GET', `/api/solution/standard?${q}`);
      seen[(body.winner as 'fox' | 'geese' | null) ?? 'draw']++;
      if (body.exact === false) seen.inexact++;
    }
    expect(Math.min(seen.fox, seen.geese, seen.draw, seen.inexact)).toBeGreaterThan(0);
    expect(seen.fox + seen.geese + seen.draw).toBe(texts.length);
  }, 120_000);

  it('gives level 9 the same moves', () => {
    const fromCompact = openSolution(compactDir, { geese: 13, sideways: true }) as WdlSolution;
    const fromRaw = openSolution(`${compactDir}/none`, { geese: 13, sideways: true });
    expect(fromRaw).toBeNull();
    const rawSolution = openSolution(rawDir, { geese: 13, sideways: true }) as WdlSolution;
    try {
      expect([fromCompact.header.format, rawSolution.header.format]).toEqual([2, 'wdl-1']);
      let chosen = 0;
      for (const p of positions(9, 150)) {
        const game = newGame(SIDEWAYS, { ...p, quiet: 0 });
        const a = choosePerfect(fromCompact, game);
        expect(a).toEqual(choosePerfect(rawSolution, game));
        if (a) chosen++;
      }
      expect(chosen).toBeGreaterThan(20);
    } finally {
      fromCompact.close();
      rawSolution.close();
    }
  });
});
