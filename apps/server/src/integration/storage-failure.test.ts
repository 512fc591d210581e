// Every message gets an answer when storage fails for real (a full tmpfs, another process's lock, the file
// deleted under the running server), nothing changes meanwhile, and the server recovers by itself when it can.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';

import { databasePath } from '../store/sqlite/sqlite-open.js';
import { holdLock, mountSmallDisk } from '../testing/failing-storage.js';
import type { TestClient } from '../testing/harness.js';
import { request, seatedTable, startServer, type TestServer } from '../testing/harness.js';
import { startServerProcess } from '../testing/server-process.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const start = async (overrides: Parameters<typeof startServer>[0] = {}): Promise<TestServer> => {
  const server = await startServer({ storeBusyMs: 300, ...overrides });
  cleanups.push(() => server.close());
  return server;
};

const MOVE = { type: 'move', ply: 0, path: ['d4', 'd5'] };

/** Sends the fox's opening move and returns the answer the fox gets: `moved` or `error`. */
async function tryMove(fox: TestClient): Promise<{ type: string; code?: string }> {
  const seen = fox.texts.length;
  fox.send(MOVE);
  const started = Date.now();
  for (;;) {
    const answer = fox.texts
      .slice(seen)
      .map((text) => JSON.parse(text) as { type: string; code?: string })
      .find((message) => message.type === 'moved' || message.type === 'error');
    if (answer) return answer;
    if (Date.now() - started > 5000) throw new Error('no answer within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a full disk', () => {
  it('answers moves and table creation with unavailable, changes nothing, and works again once there is room', async () => {
    const disk = mountSmallDisk('2m');
    cleanups.push(() => disk.unmount());
    const server = await start({ dataDir: join(disk.dir, 'data') });
    const table = await seatedTable(server);
    disk.fill();
    // Room may remain for a page or two in the log: the first failing write is where the disk is full.
    let created = await request(server.base, 'POST', '/api/tables', { variant: 'standard' });
    for (let i = 0; i < 100 && created.status === 201; i++)
      created = await request(server.base, 'POST', '/api/tables', { variant: 'standard' });
    expect(created).toEqual({
      status: 503,
      body: {
        error: {
          code: 'unavailable',
          message: 'the server cannot do this just now; nothing changed, try again shortly',
        },
      },
    });
    expect(await tryMove(table.fox)).toMatchObject({ type: 'error', code: 'unavailable' });
    expect((await request(server.base, 'GET', `/api/tables/${table.id}`)).body.table.ply).toBe(0);
    expect(table.geese.all('moved')).toEqual([]);
    const notReady = await request(server.base, 'GET', '/readyz');
    expect(notReady).toEqual({ status: 503, body: { ready: false, reason: 'storage failed: the disk is full' } });
    expect(await request(server.base, 'GET', '/healthz')).toEqual({ status: 200, body: { ok: true } });

    disk.free();
    expect(await request(server.base, 'GET', '/readyz')).toEqual({ status: 200, body: { ready: true } });
    expect(await tryMove(table.fox)).toMatchObject({ type: 'moved', ply: 0, move: 'd4-d5' });
    await table.geese.next('moved');
  });
});

describe('a lock held by another process', () => {
  it('answers unavailable after the busy time while health stays prompt, plays moves through the journal, and all is stored once released', async () => {
    const server = await start();
    const table = await seatedTable(server);
    const holder = await holdLock(databasePath(server.dataDir));
    cleanups.push(() => holder.release());
    const started = Date.now();
    const answer = request(server.base, 'POST', '/api/tables', { variant: 'standard' });
    // The event loop is free while the write waits: liveness answers at once.
    const health = Date.now();
    expect(await request(server.base, 'GET', '/healthz')).toEqual({ status: 200, body: { ok: true } });
    expect(Date.now() - health).toBeLessThan(250);
    expect((await answer).status).toBe(503);
    expect((await answer).body.error.code).toBe('unavailable');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    // A move of a table the store knows needs no lock: the journal holds it until the database can take it.
    expect(await tryMove(table.fox)).toMatchObject({ type: 'moved', ply: 0 });
    await holder.release();
    expect((await request(server.base, 'POST', '/api/tables', { variant: 'standard' })).status).toBe(201);
    // The copy of the journal (at least every quarter second) puts the move in the database file.
    const db = new Database(databasePath(server.dataDir), { readonly: true });
    cleanups.push(() => db.close());
    const stored = (): unknown => db.prepare('SELECT ply, move FROM moves WHERE table_id = ?').all(table.id);
    for (let wait = 0; wait < 40 && (stored() as unknown[]).length === 0; wait++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stored()).toEqual([{ ply: 0, move: 'd4-d5' }]);
  });
});

describe('the database file deleted under a running server', () => {
  it('stops acknowledging, logs at fatal and fails readiness', async () => {
    let output = '';
    const server = await startServerProcess({ onOutput: (chunk) => (output += chunk) });
    cleanups.push(() => server.stop());
    const base = `ws://127.0.0.1:${server.port}/api/tables`;
    const fake: TestServer = { base: server.url, wsUrl: (id) => `${base}/${id}/ws` } as TestServer;
    const table = await seatedTable(fake);
    expect(await request(server.url, 'GET', '/readyz')).toEqual({ status: 200, body: { ready: true } });
    const path = databasePath(server.dataDir);
    rmSync(path);
    expect(await tryMove(table.fox)).toMatchObject({ type: 'error', code: 'unavailable' });
    const reason = `the database file ${path} was deleted; restart the server once the data folder is in order`;
    expect(await request(server.url, 'GET', '/readyz')).toEqual({ status: 503, body: { ready: false, reason } });
    const fatal = output
      .split('\n')
      .filter((line) => line.includes('"level":60'))
      .map((line) => JSON.parse(line) as { msg: string; reason: string });
    expect(fatal.map((line) => [line.msg, line.reason])).toEqual([
      ['database file lost: no more writes are acknowledged', reason],
    ]);
    expect(table.geese.all('moved')).toEqual([]);
    await table.fox.close();
    await table.geese.close();
  });
});
