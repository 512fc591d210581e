// "The solution" over the real server and sockets, with a small table built here (tiers 4..6 of 13 geese):
// VariantInfo.solved, GET /api/solution/:variant and its errors, GET /api/tables/:id/verdicts, level 9 at creation
// and in play; and a server without any table.
import { rmSync } from 'node:fs';

import type { CreateTableResponse } from '@fg/protocol';
import {
  applyMove,
  countGeese,
  type Game,
  GOOSE,
  makeMoveText,
  makePosition,
  moveTexts,
  newGame,
  parsePosition,
  playPath,
  type Position,
  startPosition,
} from '@fg/rules';
import { openSolution, type TableSolution } from '@fg/solver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { choosePerfect } from '../computer/perfect.js';
import { SOLUTION_READS_PER_MINUTE, TABLEBASE_READS_PER_MINUTE } from '../solution/solution-routes.js';
import { Solutions } from '../solution/solutions.js';
import { gameVerdicts } from '../solution/verdicts.js';
import { joinTable, request, seatedTable, startServer, type TestServer } from '../testing/harness.js';
import { startServerProcess } from '../testing/server-process.js';
import { buildTestTable, geeseWins, SOLVED } from '../testing/solution-table.js';

let dir: string;
let solution: TableSolution;
let won: Position[]; // geese to move, the geese win
let server: TestServer;

beforeAll(async () => {
  dir = await buildTestTable(6);
  solution = openSolution(dir, { geese: 13 })!;
  won = geeseWins(dir, solution, 6);
  server = await startServer({ solutionDir: dir, computerThinkMs: 30, computerThreads: 1 });
}, 60_000);

afterAll(async () => {
  await server.close();
  solution.close();
  rmSync(dir, { recursive: true, force: true });
});

const text = (position: Position): string => makePosition(SOLVED.board, position);
const ask = (query: string, variant = 'standard') => request(server.base, 'GET', `/api/solution/${variant}?${query}`);
const positionQuery = (position: Position, options = 'geese=13&sideways=false'): string =>
  `position=${encodeURIComponent(text(position))}&${options}`;

describe('GET /api/variants', () => {
  it('lists the solved option sets, every option given; other variants none', async () => {
    const { status, body } = await request(server.base, 'GET', '/api/variants');
    expect(status).toBe(200);
    const solved = Object.fromEntries(
      (body.variants as { id: string; solved: unknown }[]).map((v) => [v.id, v.solved]),
    );
    expect(solved).toEqual({
      standard: [{ geese: 13, sideways: false }],
      'two-foxes': [],
      'big-cross': [],
      raevskak: [],
    });
  });
});

describe('GET /api/solution/:variant', () => {
  it('answers the winner and every move that keeps the win, as the table says', async () => {
    const position = won[0]!;
    const { status, body } = await ask(positionQuery(position));
    expect(status).toBe(200);
    expect(body).toEqual({ winner: 'geese', keep: solution.verdict(position).keep });
    expect(body.keep.length).toBeGreaterThan(0);
    // The options may be left to their defaults.
    expect((await ask(`position=${encodeURIComponent(text(position))}`)).body).toEqual(body);
  });

  it('answers keep [] when the side to move loses', async () => {
    const start = won[0]!;
    const position = applyMove(SOLVED, start, choosePerfect(solution, newGame(SOLVED, start))!.path);
    expect((await ask(positionQuery(position))).body).toEqual({ winner: 'geese', keep: [] });
  });

  it('is rate-limited like the other reads', async () => {
    const response = await fetch(`${server.base}/api/solution/standard?${positionQuery(won[0]!)}`);
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(SOLUTION_READS_PER_MINUTE));
  });

  const thirteen = startPosition(SOLVED);
  const fourteen = (): Position => {
    const cells = thirteen.cells.slice();
    cells[cells.findIndex((c, p) => c === 0 && p > 20)] = GOOSE;
    return { ...thirteen, cells };
  };
  it.each([
    ['no position', 'geese=13', 400, 'bad-request', 'position='],
    ['a bad position text', 'position=fox:z9&geese=13', 400, 'bad-request', 'bad position'],
    [
      'more geese than the table covers',
      positionQuery(thirteen),
      400,
      'bad-request',
      'at most 6 geese; this one has 13',
    ],
    ['more geese than the options start with', positionQuery(fourteen()), 400, 'bad-request', 'too many geese: 14'],
    ['a bad option value', 'position=x&geese=many', 400, 'bad-request', 'bad value "many"'],
    ['unknown options', 'position=x&geese=14', 400, 'bad-request', 'geese'],
    [
      'sideways moves',
      positionQuery(thirteen, 'geese=13&sideways=true'),
      404,
      'not-solved',
      'solved here: standard {"geese":13,"sideways":false}',
    ],
    ['15 geese', positionQuery(thirteen, 'geese=15'), 404, 'not-solved', 'no solution table for standard'],
  ])('%s', async (_what, query, status, code, words) => {
    const answer = await ask(query);
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.message).toContain(words);
  });

  it('an unknown variant is a bad request, an unsolved one not-solved', async () => {
    expect((await ask('position=x', 'foxes-9')).body.error.code).toBe('bad-request');
    const other = await ask('position=x', 'two-foxes');
    expect([other.status, other.body.error.code]).toEqual([404, 'not-solved']);
  });
});

describe('GET /api/tablebase/:variant', () => {
  const tablebase = (query: string, variant = 'standard') =>
    request(server.base, 'GET', `/api/tablebase/${variant}?${query}`);
  const query = (position: Position, geese = 13): string =>
    `geese=${geese}&position=${encodeURIComponent(text(position))}`;
  /** Every legal move's category for the side to move after it, from the table, in the answer's order. */
  const expected = (position: Position) => {
    const game = newGame(SOLVED, position);
    const moves = game.legal.map((path) => {
      const after = applyMove(SOLVED, position, path);
      return {
        move: makeMoveText(SOLVED.board, path),
        category: solution.winner(after) === after.turn ? 'win' : 'loss',
      };
    });
    const losses = moves.filter((m) => m.category === 'loss').sort((a, b) => (a.move < b.move ? -1 : 1));
    const wins = moves.filter((m) => m.category === 'win').sort((a, b) => (a.move < b.move ? -1 : 1));
    return [...losses, ...wins];
  };

  it('answers a won position: win, the winning moves (the opponent lost) first, then the others', async () => {
    const position = won[0]!;
    const { status, body } = await tablebase(query(position));
    expect(status).toBe(200);
    const keep = solution.verdict(position).keep;
    expect(body.category).toBe('win');
    expect(
      body.moves.filter((m: { category: string }) => m.category === 'loss').map((m: { move: string }) => m.move),
    ).toEqual(keep);
    expect(body.moves).toEqual(expected(position));
    expect(body.moves.length).toBeGreaterThan(keep.length); // some move throws the win away
  });

  it('answers a lost position: loss, every move leaving the opponent a win', async () => {
    // Six geese to move against the fox in the middle: lost for them (the fox's lost positions of a table this small
    // are all the fox trapped, with no move to list).
    const parsed = parsePosition(SOLVED, 'fox:d4 geese:c1,e1,a3,g3,a5,g5 turn:geese');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const position = parsed.value;
    const { body } = await tablebase(query(position));
    expect(body.category).toBe('loss');
    expect(body.moves.length).toBeGreaterThan(0);
    expect(body.moves.every((m: { category: string }) => m.category === 'win')).toBe(true);
    expect(body.moves).toEqual(expected(position));
  });

  it('answers a fox-to-move position with the moves that win for the fox first', async () => {
    const parsed = parsePosition(SOLVED, 'fox:d4 geese:c1,e1,a3,g3,a5,g5 turn:fox');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const position = parsed.value;
    const { body } = await tablebase(query(position));
    expect(body).toEqual({ category: 'win', moves: expected(position) });
    expect(
      body.moves.filter((m: { category: string }) => m.category === 'loss').map((m: { move: string }) => m.move),
    ).toEqual(solution.verdict(position).keep);
  });

  it('is rate-limited', async () => {
    const response = await fetch(`${server.base}/api/tablebase/standard?${query(won[0]!)}`);
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(TABLEBASE_READS_PER_MINUTE));
  });

  it.each([
    ['no position', 'geese=13', 'standard', 400, 'bad-request', 'position='],
    ['a bad position text', 'geese=13&position=fox:z9', 'standard', 400, 'bad-request', 'bad position'],
    [
      'beyond the table',
      `geese=13&position=${encodeURIComponent(text(startPosition(SOLVED)))}`,
      'standard',
      400,
      'bad-request',
      'at most 6 geese; this one has 13',
    ],
    ['a bad geese count', 'geese=14&position=x', 'standard', 400, 'bad-request', 'geese'],
    [
      '15 geese, not installed',
      'geese=15&position=x',
      'standard',
      404,
      'not-solved',
      'solved here: standard {"geese":13,"sideways":false}',
    ],
    ['17 geese, not installed', 'geese=17&position=x', 'standard', 404, 'not-solved', 'no solution table'],
    ['another variant', 'position=x', 'two-foxes', 404, 'not-solved', 'no solution table for two-foxes'],
    ['an unknown variant', 'position=x', 'chess', 400, 'bad-request', 'chess'],
  ])('%s', async (_what, q, variant, status, code, words) => {
    const answer = await tablebase(q, variant);
    expect([answer.status, answer.body.error.code]).toEqual([status, code]);
    expect(answer.body.error.message).toContain(words);
  });
});

describe('GET /api/solution/status', () => {
  it('says what is solved here and that no build runs (the tests turn it off)', async () => {
    const { status, body } = await request(server.base, 'GET', '/api/solution/status');
    expect(status).toBe(200);
    expect(body).toEqual({
      solved: [{ geese: 13, sideways: false }],
      build: { state: 'off', geese: 13 },
      download: null, // a format-1 table: nothing for a browser to keep
    });
  });
});

describe('GET /api/tables/:id/verdicts', () => {
  it('answers table-not-found for an unknown table', async () => {
    const answer = await request(server.base, 'GET', '/api/tables/nosuchtable0/verdicts');
    expect([answer.status, answer.body.error.code]).toEqual([404, 'table-not-found']);
  });

  it('answers not-solved, naming the limit, for a game the test table does not cover', async () => {
    const table = await seatedTable(server);
    const answer = await request(server.base, 'GET', `/api/tables/${table.id}/verdicts`);
    expect([answer.status, answer.body.error.code]).toEqual([404, 'not-solved']);
    expect(answer.body.error.message).toContain('at most 6 geese; ply 0 has 13');
    await Promise.all([table.fox.close(), table.geese.close()]);
  });

  it('answers ply + 1 verdicts of a played table, the last one of a resigned game from the table', async () => {
    // A stand-in table that covers every position: the winner is the side not to move (so every move changes it).
    const everywhere = {
      ...solution,
      maxGeese: 13,
      covers: () => true,
      winner: (p: Position) => (p.turn === 'fox' ? 'geese' : 'fox'),
      close: () => undefined,
    } satisfies TableSolution;
    const stand = await startServer(
      {},
      { solutions: new Solutions('stand-in', [{ options: SOLVED.options, solution: everywhere }]) },
    );
    try {
      const table = await seatedTable(stand);
      let game = newGame(SOLVED);
      for (let ply = 0; ply < 4; ply++) {
        const path = game.legal[0]!;
        const mover = game.position.turn === 'fox' ? table.fox : table.geese;
        mover.send({ type: 'move', ply, path: path.map((p) => SOLVED.board.points[p]!.name) });
        await table.fox.next('moved');
        game = (playPath(game, path) as { ok: true; value: Game }).value;
      }
      table.geese.send({ type: 'resign' });
      await table.fox.next('ended');
      const answer = await request(stand.base, 'GET', `/api/tables/${table.id}/verdicts`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ verdicts: ['geese', 'fox', 'geese', 'fox', 'geese'] });
      await Promise.all([table.fox.close(), table.geese.close()]);
    } finally {
      await stand.close();
    }
  });

  it('the verdicts of a game from a won position: the same winner while it keeps the win, the rules at the end', () => {
    for (const start of won.slice(0, 10)) {
      let game = newGame(SOLVED, start);
      while (!game.result) {
        const path =
          game.position.turn === 'geese' ? choosePerfect(solution, game)!.path : game.legal[game.legal.length - 1]!;
        game = (playPath(game, path) as { ok: true; value: Game }).value;
      }
      const verdicts = gameVerdicts(solution, game);
      expect(verdicts).toEqual({ ok: true, value: Array(game.moves.length + 1).fill('geese') });
      expect(game.result.winner).toBe('geese');
    }
  });

  it('the verdicts change hands at the move that throws the win away', () => {
    const start = won.find((p) => {
      const game = newGame(SOLVED, p);
      return game.legal.some((path) => solution.winner(applyMove(SOLVED, p, path)) === 'fox');
    })!;
    const game = newGame(SOLVED, start);
    const blunder = game.legal.find((path) => solution.winner(applyMove(SOLVED, start, path)) === 'fox')!;
    const after = (playPath(game, blunder) as { ok: true; value: Game }).value;
    expect(gameVerdicts(solution, after)).toEqual({ ok: true, value: ['geese', 'fox'] });
    expect(countGeese(after.position)).toBe(6);
  });
});

describe('GET /api/solution/:variant/game', () => {
  const askGame = (query: string) => request(server.base, 'GET', `/api/solution/standard/game?${query}`);

  it('answers each position of the game: its winner, and every legal move with its winner and the winning replies', async () => {
    const start = won.find((p) =>
      newGame(SOLVED, p).legal.some((path) => solution.winner(applyMove(SOLVED, p, path)) === 'fox'),
    )!;
    const first = newGame(SOLVED, start);
    const blunder = first.legal.find((path) => solution.winner(applyMove(SOLVED, start, path)) === 'fox')!;
    const game = (playPath(first, blunder) as { ok: true; value: Game }).value;
    const move = moveTexts(game)[0]!;
    const { status, body } = await askGame(`${positionQuery(start)}&moves=${move}`);
    expect(status).toBe(200);
    // Counted here move by move from the table itself.
    const expected = (position: Position) =>
      newGame(SOLVED, position).legal.map((path) => {
        const after = applyMove(SOLVED, position, path);
        const replies = newGame(SOLVED, after);
        const text = makeMoveText(SOLVED.board, path);
        if (replies.result) return { move: text, winner: replies.result.winner, keep: 0, replies: 0 };
        return {
          move: text,
          winner: solution.winner(after),
          keep: solution.verdict(after).keep.length,
          replies: replies.legal.length,
        };
      });
    expect(body).toEqual({
      plies: [
        { winner: 'geese', moves: expected(start) },
        { winner: 'fox', moves: [] },
      ],
    });
    // After the blunder the fox is to move and wins: some of its replies keep the win.
    const played = body.plies[0].moves.find((m: { move: string }) => m.move === move);
    expect(played.winner).toBe('fox');
    expect(played.keep).toBeGreaterThan(0);
  });

  it.each([
    ['an illegal move', `${positionQuery(startPosition(SOLVED))}&moves=d4-d6`, 400, 'bad-request', 'move 1 "d4-d6"'],
    ['a position the test table does not cover', 'geese=13', 404, 'not-solved', 'at most 6 geese'],
    ['an unsolved variant', 'moves=', 404, 'not-solved', 'no solution table for two-foxes'],
  ])('%s', async (what, query, status, code, words) => {
    const answer = await request(
      server.base,
      'GET',
      `/api/solution/${what === 'an unsolved variant' ? 'two-foxes' : 'standard'}/game?${query}`,
    );
    expect([answer.status, answer.body.error.code]).toEqual([status, code]);
    expect(answer.body.error.message).toContain(words);
  });
});

describe('computer level 9', () => {
  const create = (options: object, level = 9) =>
    request(server.base, 'POST', '/api/tables', { variant: 'standard', options, side: 'geese', computer: { level } });

  it('is accepted for the solved options and plays (beyond the test table, as level 8)', async () => {
    const answer = await create({ geese: 13 });
    expect(answer.status).toBe(201);
    const created = answer.body as CreateTableResponse;
    expect(created.table.seats.fox).toEqual({ taken: true, online: true, computer: 9 });
    const human = await joinTable(server, created.table.id, created.seat.token);
    expect(await human.moveAt(0, 10_000)).toMatch(/^[a-g][1-7]-[a-g][1-7]$/);
    await human.close();
  });

  it.each([
    ['15 geese', { geese: 15 }],
    ['sideways moves', { geese: 13, sideways: true }],
  ])('is refused for %s, naming the solved option sets', async (_what, options) => {
    const answer = await create(options);
    expect([answer.status, answer.body.error.code]).toEqual([400, 'bad-request']);
    expect(answer.body.error.message).toContain('solved here: standard {"geese":13,"sideways":false}');
  });
});

describe('without a table', () => {
  it('answers not-solved, lists nothing solved, refuses level 9 and logs one line saying how to build one', async () => {
    const output: string[] = [];
    const child = await startServerProcess({ env: { LOG_LEVEL: 'info' }, onOutput: (chunk) => output.push(chunk) });
    try {
      const get = async (path: string) => {
        const response = await fetch(child.url + path);
        return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
      };
      const solutionAnswer = await get(`/api/solution/standard?${positionQuery(won[0]!)}`);
      expect([solutionAnswer.status, solutionAnswer.body.error.code]).toEqual([404, 'not-solved']);
      expect(solutionAnswer.body.error.message).toContain('solved here: none is installed here');
      const variants = await get('/api/variants');
      expect(variants.body.variants.map((v: { solved: unknown[] }) => v.solved)).toEqual([[], [], [], []]);
      const created = await fetch(`${child.url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ variant: 'standard', computer: { level: 9 } }),
      });
      expect(created.status).toBe(400);
      const table = await fetch(`${child.url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ variant: 'standard' }),
      });
      const id = ((await table.json()) as CreateTableResponse).table.id;
      const verdicts = await get(`/api/tables/${id}/verdicts`);
      expect([verdicts.status, verdicts.body.error.code]).toEqual([404, 'not-solved']);
      const lines = output.join('').split('\n');
      expect(lines.filter((line) => line.includes('pnpm solve standard --geese 13'))).toHaveLength(1);
    } finally {
      await child.stop();
    }
  }, 60_000);
});
