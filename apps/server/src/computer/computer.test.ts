// The computer's seat over the real protocol: whole games at levels 1 and 8 on both sides, its draw answers,
// its rematch, and a computer game resumed after a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chooseMove, evaluateGame } from '@fg/engine';
import type { CreateTableResponse, Side } from '@fg/protocol';
import {
  type Game,
  getVariant,
  moveTexts,
  newGame,
  opponent,
  playMoveText,
  replayRecord,
  type Result,
} from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hashToken, newTableId, newToken } from '../tables/seat-tokens.js';
import { joinTable, request, startServer, type TestClient, type TestServer, withStore } from '../testing/harness.js';
import { pathOf } from '../testing/play.js';

/** The value of a rules Result, or the test fails with its message. */
function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
const STANDARD = must(getVariant('standard', {}));

let server: TestServer;
beforeAll(async () => {
  // Level 8 with a short think time, so a whole game takes seconds.
  server = await startServer({ computerThinkMs: 40, computerThreads: 1 });
});
afterAll(async () => server.close());

/** Creates a table against the computer; the creator (this test) takes `side`. */
async function againstComputer(
  side: Side,
  level: number,
): Promise<{ created: CreateTableResponse; human: TestClient }> {
  const answer = await request(server.base, 'POST', '/api/tables', { variant: 'standard', side, computer: { level } });
  expect(answer.status).toBe(201);
  const created = answer.body as CreateTableResponse;
  return { created, human: await joinTable(server, created.table.id, created.seat.token) };
}

/**
 * Plays the human side with a seeded beginner until the game ends; returns the game as the test saw it. It starts
 * from the welcome's moves: the computer may have made its first move before the human's join arrived (a loaded
 * machine: CI once waited 15 s for a `moved` already in the welcome).
 */
async function playOut(human: TestClient, side: Side, computerSide: Side): Promise<Game> {
  const welcome = human.all('welcome')[0]!;
  let game = must(replayRecord({ variant: 'standard', options: {}, moves: welcome.table.moves }));
  let seed = 1;
  while (!game.result) {
    expect(game.moves.length).toBeLessThan(400);
    if (game.position.turn === side) {
      const choice = chooseMove(game, { level: 1, seed: seed++ });
      human.send({ type: 'move', ply: game.moves.length, path: choice.points });
    }
    const moved = await human.next('moved', () => true, 15_000);
    expect(moved.ply).toBe(game.moves.length);
    expect(moved.side).toBe(game.position.turn === side ? side : computerSide);
    game = must(playMoveText(game, moved.move));
    expect(moved.result).toEqual(game.result);
  }
  return game;
}

describe('a whole game against the computer', () => {
  it.each([
    [1, 'fox'],
    [1, 'geese'],
    [8, 'fox'],
    [8, 'geese'],
  ] as const)('level %i, the computer plays the %s', async (level, computerSide) => {
    const side = opponent(computerSide);
    const { created, human } = await againstComputer(side, level);
    expect(created.seat.side).toBe(side);
    expect(created.table.status).toBe('playing');
    expect(created.table.seats[computerSide]).toEqual({ taken: true, online: true, computer: level });
    expect(created.table.seats[side]).toEqual({ taken: true, online: false });

    const game = await playOut(human, side, computerSide);
    const stored = await request(server.base, 'GET', `/api/tables/${created.table.id}`);
    expect(stored.body.table.status).toBe('finished');
    expect(stored.body.table.moves).toEqual(moveTexts(game));
    expect(stored.body.table.result).toEqual(game.result);
    await human.close();
  });
});

describe('the computer as a player', () => {
  it('agrees to a rematch and plays the other side there', async () => {
    const { created, human } = await againstComputer('fox', 3);
    human.send({ type: 'resign' });
    await human.next('ended');
    human.send({ type: 'rematch' });
    const rematch = await human.next('rematch');
    expect(rematch.seat?.side).toBe('geese');
    const view = await request(server.base, 'GET', `/api/tables/${rematch.table}`);
    expect(view.body.table.status).toBe('playing');
    expect(view.body.table.seats.fox).toEqual({ taken: true, online: true, computer: 3 });
    expect((await request(server.base, 'GET', `/api/tables/${created.table.id}`)).body.table.rematch).toBe(
      rematch.table,
    );
    // The computer (now the fox) moves there when the fox is to move, whoever is connected.
    const again = await joinTable(server, rematch.table, rematch.seat!.token);
    const welcome = again.all('welcome')[0]!;
    if (welcome.table.turn === 'fox' && welcome.table.ply === 0) expect((await again.next('moved')).side).toBe('fox');
    else expect(welcome.table.turn).toBe('geese');
    await Promise.all([human.close(), again.close()]);
  });

  it('agrees to a rematch asked after the player left the finished table and came back', async () => {
    const { created, human } = await againstComputer('geese', 2);
    human.send({ type: 'resign' });
    await human.next('ended');
    await human.close();
    const back = await joinTable(server, created.table.id, created.seat.token);
    back.send({ type: 'rematch' });
    const rematch = await back.next('rematch', () => true, 10_000);
    expect(rematch.seat?.side).toBe('fox');
    const view = await request(server.base, 'GET', `/api/tables/${rematch.table}`);
    expect(view.body.table.seats.geese).toEqual({ taken: true, online: true, computer: 2 });
    await back.close();
  });

  it('lets the game go on when offered a draw it is not losing', async () => {
    // The fox at its first move against 13 geese is far from lost: no draw, and it plays on.
    const { created, human } = await againstComputer('geese', 8);
    // Offered on the player's own turn, so the computer answers rather than moving (a move lapses an offer).
    if (created.table.turn === 'fox') await human.moveAt(0, 15_000);
    human.send({ type: 'draw-offer' });
    await human.next('draw-offered');
    expect(await human.next('draw-declined', () => true, 15_000)).toEqual({ type: 'draw-declined', side: 'fox' });
    expect(human.all('ended')).toEqual([]);
    expect((await request(server.base, 'GET', `/api/tables/${created.table.id}`)).body.table.result).toBeNull();
    await human.close();
  });

  it('accepts a draw when its evaluation sees it lost', async () => {
    // A strong fox against weak geese until the geese are far behind (or lost), with the fox to move.
    let game = newGame(STANDARD);
    for (let seed = 1; ; seed++) {
      expect(game.result).toBeNull();
      const mover = game.position.turn;
      const choice = chooseMove(game, mover === 'geese' ? { level: 1, seed } : { level: 6, timeMs: 60 });
      game = must(playMoveText(game, choice.move));
      if (game.position.turn === 'fox' && !game.result && evaluateGame(game, { timeMs: 60 }).foxScore >= 400) break;
    }
    const moves = moveTexts(game);
    await withStoredTable({ moves, computer: { side: 'geese', level: 8 } }, async (at, humanToken, id) => {
      const human = await joinTable(at, id, humanToken);
      human.send({ type: 'draw-offer' });
      expect((await human.next('ended', () => true, 15_000)).result).toEqual({ winner: null, reason: 'draw-agreed' });
      await human.close();
    });
  });
});

/**
 * A server started on a store holding one computer table, as after a restart (in either backend mode); the table's
 * id and the human's token are passed on.
 */
async function withStoredTable(
  table: { moves: string[]; computer: { side: Side; level: number } },
  run: (at: TestServer, humanToken: string, id: string) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fg-computer-'));
  try {
    const id = newTableId();
    const human = newToken();
    const computer = { ...table.computer, token: newToken() };
    const tokenOf = (side: Side): string => hashToken(side === computer.side ? computer.token : human);
    await withStore(dataDir, (store) =>
      store.insertTable({
        id,
        variant: 'standard',
        options: STANDARD.options,
        seats: { fox: tokenOf('fox'), geese: tokenOf('geese') },
        moves: table.moves,
        result: null,
        rematch: null,
        createdAt: Date.now(),
        computer,
      }),
    );
    // The app starts on this store as a restarted server would.
    const at = await startServer({ dataDir, computerThreads: 1, computerThinkMs: 60 });
    try {
      await run(at, human, id);
    } finally {
      await at.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('with a clock', () => {
  it('starts the clock with the second move and keeps the computer within its time', async () => {
    const answer = await request(server.base, 'POST', '/api/tables', {
      variant: 'standard',
      side: 'geese',
      computer: { level: 8 },
      clock: { initial: 15, increment: 0 },
    });
    expect(answer.status).toBe(201);
    const created = answer.body as CreateTableResponse;
    expect(created.table.clock?.running).toBeNull();
    const human = await joinTable(server, created.table.id, created.seat.token);
    // The computer (fox) moves first; the human answers; the computer's next move is the first it is charged for.
    const game = replayRecord({ variant: 'standard', options: {}, moves: [await human.moveAt(0, 15_000)] });
    if (!game.ok) throw new Error('the opening does not replay');
    human.send({ type: 'move', ply: 1, path: chooseMove(game.value, { level: 1, seed: 3 }).points });
    const moved = await human.next('moved', (m) => m.ply === 2, 15_000);
    // A 25th of 15 s at most: well under a second gone from the computer's clock.
    expect(moved.clock!.fox).toBeGreaterThan(15_000 - 1500);
    expect(moved.clock!.running).toBe('geese');
    await human.close();
  });
});

describe('after a restart', () => {
  it('the computer moves at once where it is its turn', async () => {
    const game = newGame(STANDARD);
    const first = chooseMove(game, { level: 1, seed: 7 });
    const computerSide = opponent(game.position.turn);
    await withStoredTable(
      { moves: [first.move], computer: { side: computerSide, level: 2 } },
      async (at, _humanToken, id) => {
        const watcher = await joinTable(at, id);
        const welcome = watcher.all('welcome')[0]!;
        if (welcome.table.ply < 2) expect((await watcher.next('moved', () => true, 15_000)).side).toBe(computerSide);
        const view = await request(at.base, 'GET', `/api/tables/${id}`);
        expect(view.body.table.ply).toBe(2);
        expect(pathOf(view.body.table.moves[0])).toEqual(first.points);
        expect(view.body.table.seats[computerSide]).toEqual({ taken: true, online: true, computer: 2 });
        await watcher.close();
      },
    );
  });
});
