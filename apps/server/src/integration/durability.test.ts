// Kill -9 right after an acknowledged move, restart on the same data folder: every acknowledged move is there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { request, type SeatedTable, TestClient, type TestServer } from '../testing/harness.js';
import { pathOf, playMoves } from '../testing/play.js';
import { freePort, type ServerProcess, startServerProcess } from '../testing/server-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'fg-durable-'));
const running = new Set<ServerProcess>();
afterAll(async () => {
  for (const server of running) await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the real server as its own process on the shared data folder; `log` collects its output. */
async function startProcess(port: number, log?: string[], sync = 'normal'): Promise<ServerProcess> {
  const server = await startServerProcess({
    port,
    dataDir,
    env: { LOG_LEVEL: log ? 'trace' : 'warn', LOG_FORMAT: 'json', SQLITE_SYNC: sync, WEB_DIR: join(dataDir, 'no-web') },
    timeoutMs: START_MS,
    ...(log ? { onOutput: (chunk: string) => log.push(chunk) } : {}),
  });
  running.add(server);
  return server;
}

/** Kills the process hard and waits until it is gone. */
async function killHard(server: ServerProcess): Promise<void> {
  await server.kill();
  running.delete(server);
}

// A start through tsx takes a second or two alone, far longer beside another test worker on a loaded machine: a
// start may take START_MS, and a case four starts' worth (a kill -9 case starts the server four times).
const START_MS = 60_000;

const GAME = ['d4-d5', 'c3-c4', 'd5-e4', 'b3-b4', 'e4-e5', 'g3-g4', 'e5-f5', 'd3-d4'];

describe('durability', { timeout: 4 * START_MS }, () => {
  it.each(['normal', 'full'])(
    'loses no acknowledged move when the process is killed with -9, and players carry on (SQLITE_SYNC=%s)',
    async (sync) => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const target = { base, wsUrl: (id: string) => `ws://127.0.0.1:${port}/api/tables/${id}/ws` } as TestServer;
      let server = await startProcess(port, undefined, sync);

      const created = await request(base, 'POST', '/api/tables', { variant: 'standard', side: 'fox' });
      const id: string = created.body.table.id;
      const taken = await request(base, 'POST', `/api/tables/${id}/seats`);
      const tokens = { fox: created.body.seat.token as string, geese: taken.body.seat.token as string };

      const connect = async (): Promise<SeatedTable> => {
        const players = {
          fox: await TestClient.connect(target.wsUrl(id)),
          geese: await TestClient.connect(target.wsUrl(id)),
        };
        players.fox.send({ type: 'hello', token: tokens.fox });
        players.geese.send({ type: 'hello', token: tokens.geese });
        const welcomes = [await players.fox.next('welcome'), await players.geese.next('welcome')];
        expect(welcomes.map((w) => w.role)).toEqual(['fox', 'geese']);
        return { id, tokens, ...players };
      };

      let played = 0;
      for (const round of [3, 3, 2]) {
        const table = await connect();
        const welcome = table.fox.all('welcome')[0]!;
        expect(welcome.table.moves).toEqual(GAME.slice(0, played));
        await playMoves(table, GAME.slice(played, played + round - 1), welcome.table.turn, [], played);
        // The last move of the round: kill the process the moment its acknowledgement arrives.
        const ply = played + round - 1;
        const mover = ply % 2 === 0 ? table.fox : table.geese;
        mover.send({ type: 'move', ply, path: pathOf(GAME[ply]!) });
        await mover.next('moved', (m) => m.ply === ply);
        await killHard(server);
        played += round;
        server = await startProcess(port, undefined, sync);
      }

      const { body } = await request(base, 'GET', `/api/tables/${id}`);
      expect(body.table).toMatchObject({ ply: GAME.length, moves: GAME, status: 'playing', turn: 'fox' });
      await killHard(server);
    },
  );

  it('on SIGTERM closes every socket with 1001 and exits cleanly, and its log never holds a token', async () => {
    const port = await freePort();
    const log: string[] = [];
    const server = await startProcess(port, log);
    const { child } = server;
    const base = `http://127.0.0.1:${port}`;
    const created = await request(base, 'POST', '/api/tables', { variant: 'standard', side: 'fox' });
    const taken = await request(base, 'POST', `/api/tables/${created.body.table.id}/seats`);
    const client = await TestClient.connect(`ws://127.0.0.1:${port}/api/tables/${created.body.table.id}/ws`);
    client.send({ type: 'hello', token: created.body.seat.token });
    await client.next('welcome');
    client.send({ type: 'hello', token: 'a-wrong-token-of-24-chars' });
    await client.next('error');

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await client.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(await exited).toBe(0);
    running.delete(server);

    const output = log.join('');
    expect(output).toContain('"msg":"shutting down"');
    expect(output).not.toContain(created.body.seat.token);
    expect(output).not.toContain(taken.body.seat.token);
    expect(output).not.toContain('a-wrong-token-of-24-chars');
  });
});
