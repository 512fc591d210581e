// The computer's seat over the real protocol: whole games at levels 1 and 8 on both sides, its draw answers,
// its rematch, and a computer game resumed after a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chooseMove } from '@fg/engine';
import type { CreateTableResponse, Side } from '@fg/protocol';
import { type Game, getVariant, newGame, opponent, playMoveText } from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SqliteStore } from '../store/sqlite-store.js';
import { joinTable, request, startServer, type TestClient, type TestServer } from '../testing/harness.js';
import { pathOf } from '../testing/play.js';
import { hashToken, newToken } from '../tables/seat-tokens.js';

let server: TestServer;
beforeAll(async () => {
  // Level 8 with a short think time, so a whole game takes seconds.
  server = await startServer({ computerThinkMs: 40, computerThreads: 1 });
});
afterAll(async () => server.close());

/** Creates a table against the computer; the creator (this test) takes `side`. */
async function againstComputer(side: Side, level: number): Promise<{ created: CreateTableResponse; human: TestClient }> {
  const answer = await request(server.base, 'POST', '/api/tables', { variant: 'standard', side, computer: { level } });
  expect(answer.status).toBe(201);
  const created = answer.body as CreateTableResponse;
  return { created, human: await joinTable(server, created.table.id, created.seat.token) };
}

/** Plays the human side with a seeded beginner until the game ends; returns the game as the test saw it. */
async function playOut(human: TestClient, side: Side, computerSide: Side): Promise<Game> {
  let game = newGame(getVariant('standard', {}).value!);
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
    const next = playMoveText(game, moved.move);
    expect(next.ok).toBe(true);
    game = next.value!;
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
    expect(stored.body.table.moves).toEqual(game.moves.map((_, i) => stored.body.table.moves[i]));
    expect(stored.body.table.moves).toHaveLength(game.moves.length);
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
    // The computer moves first there (the geese move first in the standard game? no: whoever the rules say).
    const again = await joinTable(server, rematch.table, rematch.seat!.token);
    if (view.body.table.turn === 'fox') expect((await again.next('moved')).side).toBe('fox');
    await Promise.all([human.close(), again.close()]);
  });

  it('accepts a draw when it sees itself lost, and lets the game go on when it is ahead', async () => {
    // The fox alone against 13 geese at its first move: the fox (the computer) is not lost, so no draw.
    const ahead = await againstComputer('geese', 8);
    ahead.human.send({ type: 'draw-offer' });
    await ahead.human.next('draw-offered');
    const first = await ahead.human.next('moved', () => true, 15_000);
    expect(first.side).toBe('fox');
    const view = await request(server.base, 'GET', `/api/tables/${ahead.created.table.id}`);
    expect(view.body.table.result).toBeNull();
    await ahead.human.close();
  });
});

describe('after a restart', () => {
  it('the computer moves at once where it is its turn', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fg-computer-'));
    try {
      // A computer game stored by an earlier run, with the computer (fox) to move after the geese's first move.
      const store = new SqliteStore(dataDir);
      const variant = getVariant('standard', {}).value!;
      const game = newGame(variant);
      const first = chooseMove(game, { level: 1, seed: 7 });
      const computerSide = opponent(game.position.turn);
      const human = newToken();
      const computer = { side: computerSide, level: 2, token: newToken() };
      await store.insertTable({
        id: 'resumeTable1',
        variant: 'standard',
        options: variant.options,
        seats: { fox: hashToken(computerSide === 'fox' ? computer.token : human), geese: hashToken(computerSide === 'geese' ? computer.token : human) },
        moves: [first.move],
        result: null,
        rematch: null,
        createdAt: Date.now(),
        computer,
      });
      await store.close();
      const restarted = await startServer({ dataDir, computerThreads: 1 });
      try {
        const watcher = await joinTable(restarted, 'resumeTable1');
        const deadline = Date.now() + 15_000;
        let view = await request(restarted.base, 'GET', '/api/tables/resumeTable1');
        while (view.body.table.ply < 2 && Date.now() < deadline) {
          await watcher.next('moved', () => true, 15_000).catch(() => undefined);
          view = await request(restarted.base, 'GET', '/api/tables/resumeTable1');
        }
        expect(view.body.table.ply).toBe(2);
        expect(pathOf(view.body.table.moves[0])).toEqual(first.points);
        expect(view.body.table.seats[computerSide]).toEqual({ taken: true, online: true, computer: 2 });
        await watcher.close();
      } finally {
        await restarted.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
