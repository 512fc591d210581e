// The explorer (docs/protocol.md "The explorer") against real stores: games played over sockets to their end change
// the counts within a second, the counts survive a restart, two instances over one Redis answer alike, the backfill
// adds stored games once, and every answer equals counts made independently from the stored records (game.txt,
// replayed here by the rules and keyed by the position's own text).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { CreateTableResponse, Side } from '@fg/protocol';
import { getVariant, makePosition, newGame, playMoveText, readRecord } from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openBackend } from '../backend.js';
import { loadConfig } from '../config.js';
import { backfill } from '../explorer/explorer-recorder.js';
import { joinTable, request, type SeatedTable, seatedTable, startServer, type TestServer } from '../testing/harness.js';
import { playMoves } from '../testing/play.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';
import { storedTable } from '../testing/store-fixtures.js';

type Tally = { fox: number; geese: number; draws: number };
type Line = Tally & { move: string; games: number };

/** How each game is ended after its moves: a resignation of a side, or a draw agreed. */
type Ending = { resigns: Side } | 'draw';

// Two move orders that meet after four plies (a transposition), then part.
const GAMES: readonly { moves: readonly string[]; ending: Ending }[] = [
  { moves: ['d4-d5', 'a3-a4', 'd5-d6', 'g3-g4'], ending: { resigns: 'fox' } },
  { moves: ['d4-d5', 'g3-g4', 'd5-d6', 'a3-a4', 'd6-d7'], ending: { resigns: 'geese' } },
  { moves: ['d4-c4'], ending: 'draw' },
];

/** Plays a game at a fresh table of `server` (the geese at `other`, if given) and ends it; returns the table id. */
async function playToEnd(server: TestServer, game: (typeof GAMES)[number], other?: TestServer): Promise<string> {
  const t = other ? await splitAt(server, other) : await seatedTable(server);
  await playMoves(t, game.moves, 'fox');
  const turnSide: Side = game.moves.length % 2 === 0 ? 'fox' : 'geese';
  if (game.ending === 'draw') {
    t[turnSide].send({ type: 'draw-offer' });
    await t[turnSide === 'fox' ? 'geese' : 'fox'].next('draw-offered');
    t[turnSide === 'fox' ? 'geese' : 'fox'].send({ type: 'draw-accept' });
  } else t[game.ending.resigns].send({ type: 'resign' });
  await t.fox.next('ended');
  await t.geese.next('ended');
  await t.fox.close();
  await t.geese.close();
  return t.id;
}

/** A table created at `a` (fox) whose geese seat is taken and played at `b`. */
async function splitAt(a: TestServer, b: TestServer): Promise<SeatedTable> {
  const created = await request(a.base, 'POST', '/api/tables', { variant: 'standard', side: 'fox' });
  const { table, seat } = created.body as CreateTableResponse;
  const taken = await request(b.base, 'POST', `/api/tables/${table.id}/seats`, {});
  const fox = await joinTable(a, table.id, seat.token);
  const geese = await joinTable(b, table.id, taken.body.seat.token as string);
  return { id: table.id, tokens: { fox: seat.token, geese: taken.body.seat.token as string }, fox, geese };
}

/** The position's text without the quiet-move count (the explorer keys positions by pieces and turn). */
const pieces = (text: string): string => text.replace(/ quiet:\d+$/, '');

/** Counts made from the stored records alone: per position, the games reaching it and per move how they ended. */
async function countsFromRecords(server: TestServer, ids: readonly string[]) {
  const counts = new Map<string, { games: Tally; moves: Map<string, Tally> }>();
  const bump = (t: Tally, winner: string): void => {
    const key = winner === 'draw' ? 'draws' : (winner as Side);
    t[key]++;
  };
  for (const id of ids) {
    const text = await (await fetch(`${server.base}/api/tables/${id}/game.txt`)).text();
    const record = readRecord(text);
    if (!record.ok) throw new Error(record.error.message);
    let game = newGame(record.value.variant);
    const seen = new Set<string>();
    for (let ply = 0; ply <= record.value.moves.length; ply++) {
      const key = pieces(makePosition(game.variant.board, game.position));
      const entry = counts.get(key) ?? { games: { fox: 0, geese: 0, draws: 0 }, moves: new Map<string, Tally>() };
      counts.set(key, entry);
      if (!seen.has(key)) bump(entry.games, record.value.result);
      seen.add(key);
      if (ply === record.value.moves.length) break;
      const move = record.value.moves[ply]!;
      if (!seen.has(`${key} ${move}`)) {
        const tally = entry.moves.get(move) ?? { fox: 0, geese: 0, draws: 0 };
        entry.moves.set(move, tally);
        bump(tally, record.value.result);
        seen.add(`${key} ${move}`);
      }
      const next = playMoveText(game, move);
      if (!next.ok) throw new Error(next.error.message);
      game = next.value;
    }
  }
  return counts;
}

/** The explorer's answer for a position given as moves from the start, as {games, moves played} only. */
async function explore(server: TestServer, moves: readonly string[], players = 'all') {
  const position = positionAfter(moves);
  const query = new URLSearchParams({ geese: '13', position, players });
  const answer = await request(server.base, 'GET', `/api/explorer/standard?${query.toString()}`);
  expect(answer.status).toBe(200);
  const body = answer.body as { games: number; moves: Line[] };
  return { games: body.games, played: body.moves.filter((m) => m.games > 0) };
}

/** The position text after moves from the standard start. */
function positionAfter(moves: readonly string[]): string {
  let game = newGame(standard13);
  for (const move of moves) {
    const next = playMoveText(game, move);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return makePosition(game.variant.board, game.position);
}

const standard13 = (() => {
  const v = getVariant('standard', { geese: 13 });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();

/** Every position of the test games, as moves from the start. */
const PREFIXES = [...new Set(GAMES.flatMap((g) => g.moves.map((_, i) => g.moves.slice(0, i).join(' '))))].map((s) =>
  s === '' ? [] : s.split(' '),
);

/** Checks every position of the games against the independent counts. */
async function expectRecordCounts(server: TestServer, ids: readonly string[], at = server): Promise<void> {
  const expected = await countsFromRecords(server, ids);
  for (const prefix of PREFIXES) {
    const entry = expected.get(pieces(positionAfter(prefix)))!;
    const got = await explore(at, prefix);
    const total = (t: Tally): number => t.fox + t.geese + t.draws;
    expect(got.games, prefix.join(' ')).toBe(total(entry.games));
    const lines = [...entry.moves].map(([move, t]) => ({ move, games: total(t), ...t }));
    const sorted = (list: Line[]) => [...list].sort((a, b) => b.games - a.games || a.move.localeCompare(b.move));
    expect(
      sorted(got.played.map(({ move, games, fox, geese, draws }) => ({ move, games, fox, geese, draws }))),
    ).toEqual(sorted(lines));
  }
}

/** Waits until the explorer counts `games` games at the start, at most `ms`. */
async function untilStartCounts(server: TestServer, games: number, ms = 1_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const got = (await explore(server, [])).games;
    if (got === games || Date.now() - started > ms) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('explorer with SQLite', () => {
  let dataDir: string;
  let server: TestServer;
  const ids: string[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fg-explorer-'));
    server = await startServer({ dataDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a position no game reached answers every legal move with zero counts', async () => {
    const answer = await request(server.base, 'GET', '/api/explorer/standard?geese=13');
    expect(answer.body).toEqual({
      games: 0,
      moves: ['d4-d5', 'd4-e5', 'd4-e4', 'd4-c4', 'd4-c5'].map((move) => ({
        move,
        games: 0,
        fox: 0,
        geese: 0,
        draws: 0,
      })),
    });
  });

  it('each game counts within a second of its end, transpositions meet, and the counts equal the records', async () => {
    for (const [i, game] of GAMES.entries()) {
      ids.push(await playToEnd(server, game));
      expect(await untilStartCounts(server, i + 1)).toBeLessThan(1_000);
    }
    await expectRecordCounts(server, ids);
    // The transposed position: both games reached it, by different orders, and parted from it.
    expect(await explore(server, ['d4-d5', 'a3-a4', 'd5-d6', 'g3-g4'])).toEqual({
      games: 2,
      played: [{ move: 'd6-d7', games: 1, fox: 1, geese: 0, draws: 0 }],
    });
    expect((await explore(server, [], 'computer')).games).toBe(0);
    expect((await explore(server, [], 'people')).games).toBe(3);
  });

  it('keeps a game against the computer apart: players=computer counts it, players=people does not', async () => {
    const created = await request(server.base, 'POST', '/api/tables', {
      variant: 'standard',
      side: 'fox',
      computer: { level: 1 },
    });
    const { table, seat } = created.body as CreateTableResponse;
    const fox = await joinTable(server, table.id, seat.token);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    await fox.next('moved', (m) => m.ply === 1, 30_000); // the computer's answer
    fox.send({ type: 'resign' });
    await fox.next('ended');
    await fox.close();
    ids.push(table.id);
    expect(await untilStartCounts(server, 4)).toBeLessThan(1_000);
    expect((await explore(server, [], 'computer')).played).toEqual([
      { move: 'd4-d5', games: 1, fox: 0, geese: 1, draws: 0 },
    ]);
    expect((await explore(server, [], 'people')).games).toBe(3);
    await expectRecordCounts(server, ids);
  });

  it('keeps its counts over a restart, and the backfill adds the stored games no second time', async () => {
    await server.close();
    const backend = openBackend(loadConfig({}, { dataDir, solutionDir: join(dataDir, 'none'), logLevel: 'silent' }), {
      onError: () => undefined,
    });
    try {
      expect(await backfill(backend.store.listFinished(), backend.explorer)).toEqual({ read: 4, added: 0 });
      // A finished game stored before the explorer existed (no index entry) is added once by the backfill.
      await backend.store.insertTable(
        storedTable('oldGame00001', {
          moves: ['d4-e4', 'a3-a4'],
          result: { winner: 'geese', reason: 'resignation' },
          seats: { fox: 'x', geese: 'y' },
        }),
      );
      expect(await backfill(backend.store.listFinished(), backend.explorer)).toEqual({ read: 5, added: 1 });
    } finally {
      await backend.close();
    }
    server = await startServer({ dataDir });
    ids.push('oldGame00001');
    await expectRecordCounts(server, ids);
  });

  it('refuses bad input with the reason', async () => {
    const cases: [string, RegExp][] = [
      ['/api/explorer/standard?players=bots', /bad players "bots"/],
      ['/api/explorer/standard?position=fox:z9', /bad position/],
      ['/api/explorer/chess', /chess/],
      ['/api/explorer/standard?geese=99', /geese/],
    ];
    for (const [path, message] of cases) {
      const answer = await request(server.base, 'GET', path);
      expect([answer.status, answer.body.error.code]).toEqual([400, 'bad-request']);
      expect(answer.body.error.message).toMatch(message);
    }
  });
});

const skip = systemProgramSkipReason();
describe.skipIf(skip !== null)('explorer with Redis, two instances', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    redis = await startRedis();
    [a, b] = [await startServer({ redisUrl: redis.url }), await startServer({ redisUrl: redis.url })];
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('a game played across both instances counts once, within a second, and both answer the same counts', async () => {
    const ids: string[] = [];
    for (const [i, game] of GAMES.entries()) {
      ids.push(await playToEnd(a, game, b));
      expect(await untilStartCounts(b, i + 1)).toBeLessThan(1_000);
    }
    await expectRecordCounts(a, ids, a);
    await expectRecordCounts(a, ids, b);
  });

  it('keeps its counts over a restart of both instances', async () => {
    const before = await explore(a, ['d4-d5']);
    await a.close();
    a = await startServer({ redisUrl: redis.url });
    expect(await explore(a, ['d4-d5'])).toEqual(before);
    expect(before.games).toBe(2);
  });
});
