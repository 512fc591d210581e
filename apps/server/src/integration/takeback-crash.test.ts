// A takeback is stored like a move: kill -9 of the real server process moments after an acknowledged takeback
// (its table's moves journaled, copied by the takeback, still in the journal because another table's move waits
// beside them), and the restart shows the table exactly as acknowledged, undone moves undone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { request, type SeatedTable, seatedTable, type TestServer } from '../testing/harness.js';
import { pathOf } from '../testing/play.js';
import { freePort, type ServerProcess, startServerProcess } from '../testing/server-process.js';

const folders: string[] = [];
const running = new Set<ServerProcess>();
afterAll(async () => {
  for (const server of running) await server.kill();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The real server as its own process on `dataDir`, reachable as a TestServer for the harness's helpers. */
async function startProcess(port: number, dataDir: string): Promise<{ process: ServerProcess; target: TestServer }> {
  const process = await startServerProcess({
    port,
    dataDir,
    env: { LOG_LEVEL: 'warn', LOG_FORMAT: 'json', WEB_DIR: join(dataDir, 'no-web') },
  });
  running.add(process);
  const target = {
    base: process.url,
    dataDir,
    wsUrl: (id: string) => `ws://127.0.0.1:${port}/api/tables/${id}/ws`,
  } as TestServer;
  return { process, target };
}

/** Plays one move by `mover` and waits for its acknowledgement. */
async function move(table: SeatedTable, side: 'fox' | 'geese', ply: number, text: string): Promise<void> {
  const mover = table[side];
  mover.send({ type: 'move', ply, path: pathOf(text) });
  await mover.next('moved', (m) => m.ply === ply);
}

/** The fox asks a takeback on its own turn (two plies), the geese accept; resolves once the fox has the answer. */
async function takeBackTwo(table: SeatedTable): Promise<void> {
  table.fox.send({ type: 'takeback-offer' });
  await table.geese.next('takeback-offered');
  table.geese.send({ type: 'takeback-accept' });
  const back = await table.fox.next('taken-back');
  expect(back.table.moves).toEqual([]);
}

describe('a takeback survives kill -9 (SQLite, the move journal)', () => {
  // [after the takeback, the moves played before the kill; what the table must show after the restart]
  it.each([
    ['the undone moves stay undone', [] as string[]],
    ['the moves played after it are the table’s, and it replays', ['d4-c4', 'e3-e4']],
  ])('%s', async (_name, after) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fg-takeback-crash-'));
    folders.push(dataDir);
    const port = await freePort();
    let { process, target } = await startProcess(port, dataDir);
    const table = await seatedTable(target);
    const other = await seatedTable(target);

    await move(table, 'fox', 0, 'd4-d5');
    await move(table, 'geese', 1, 'c3-c4');
    await move(other, 'fox', 0, 'd4-d5'); // its journal line keeps the file from being emptied by the takeback
    await takeBackTwo(table);
    for (const [i, text] of after.entries()) await move(table, i % 2 === 0 ? 'fox' : 'geese', i, text);
    await process.kill();
    running.delete(process);

    ({ process, target } = await startProcess(port, dataDir));
    const answer = await request(target.base, 'GET', `/api/tables/${table.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.table).toMatchObject({ moves: after, ply: after.length, status: 'playing' });
    expect((await request(target.base, 'GET', `/api/tables/${other.id}`)).body.table.moves).toEqual(['d4-d5']);
    for (const client of [table.fox, table.geese, other.fox, other.geese]) await client.close();
    await process.kill();
    running.delete(process);
  });
});
