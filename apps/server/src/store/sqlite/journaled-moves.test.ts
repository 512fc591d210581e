// The SQLite store's move journal on a real disk: ordinary moves acknowledged by one append, copied into the
// database before anything that reads or changes the table, copied again at the next start, refused when the
// disk is full or the file is gone.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import Database from 'libsql';
import { describe, expect, it } from 'vitest';

import type { StoredTable } from '../../tables/store.js';
import { StoreUnavailable } from '../../tables/store-unavailable.js';
import { mountSmallDisk } from '../../testing/failing-storage.js';
import { storedTable, useCleanups } from '../../testing/store-fixtures.js';
import { databasePath } from './sqlite-open.js';
import { journalPath, SqliteStore } from './sqlite-store.js';

const { cleanups, tempDir } = useCleanups('fg-journal-store-');

const open = (dir: string): SqliteStore => {
  const store = new SqliteStore(dir);
  cleanups.push(() => store.close());
  return store;
};

const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const ID = 'aaaaaaaaaaaa';
const table = (id = ID): StoredTable => storedTable(id);

/** Moves of a game, by ply: the text does not matter to the store. */
const MOVES = ['d4-d5', 'a3-a4', 'd5-d6', 'a4-a5', 'd6-d7', 'a5-a6', 'd7-c7', 'a6-a7', 'c7-b7', 'c5-c6'];

/** Appends plies `from` up to `to` (excluded) one after another; their answers. */
async function play(store: SqliteStore, from: number, to: number, id = ID): Promise<boolean[]> {
  const answers: boolean[] = [];
  for (let ply = from; ply < to; ply++)
    answers.push(await store.appendMove(id, ply, MOVES[ply % 10]!, null, 100 + ply));
  return answers;
}

/** Runs `code` in a new node process with `store` open on `dir`; how it ended and what it wrote on stderr. */
async function runStoreProcess(
  dir: string,
  code: string,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const script = `import { SqliteStore } from './src/store/sqlite/sqlite-store.ts';
    let store;
    try { store = new SqliteStore(${JSON.stringify(dir)}); } catch (error) { console.error(error.message); process.exit(1); }
    ${code}
    process.exit(0);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  const [exit, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return { code: exit, signal, stderr };
}

const journalText = (dir: string): string => readFileSync(journalPath(databasePath(dir)), 'utf8');

describe('the move journal of the SQLite store', () => {
  it('acknowledges the moves of a table it made through the journal, and a read copies them into the database', async () => {
    const dir = tempDir();
    const store = open(dir);
    await store.insertTable(table());
    expect(await play(store, 0, 6)).toEqual([true, true, true, true, true, true]);
    expect(journalText(dir).split('\n')).toEqual([
      `${ID}\t0\td4-d5\t100\t0`,
      `${ID}\t1\ta3-a4\t101\t0`,
      `${ID}\t2\td5-d6\t102\t0`,
      `${ID}\t3\ta4-a5\t103\t0`,
      `${ID}\t4\td6-d7\t104\t0`,
      `${ID}\t5\ta5-a6\t105\t0`,
      '',
    ]);
    const loaded = await store.loadTable(ID);
    expect(loaded!.moves).toEqual(MOVES.slice(0, 6));
    expect(loaded!.moveTimes).toEqual([100, 101, 102, 103, 104, 105]);
    expect(journalText(dir)).toBe('');
  });

  it('copies them within a quarter second while nothing reads', async () => {
    const dir = tempDir();
    const store = open(dir);
    await store.insertTable(table());
    await play(store, 0, 3);
    expect(journalText(dir)).not.toBe('');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(journalText(dir)).toBe('');
  });

  it("copies only a table's own moves before its ending; the other tables' wait for the copy of all", async () => {
    const dir = tempDir();
    const store = open(dir);
    const other = 'bbbbbbbbbbbb';
    await store.insertTable(table());
    await store.insertTable(table(other));
    await play(store, 0, 3);
    await play(store, 0, 2, other);
    // The move that ends the game goes through SQLite, after the table's journaled moves.
    expect(await store.appendMove(ID, 3, MOVES[3]!, { winner: 'geese', reason: 'fox-trapped' }, 103)).toBe(true);
    const db = new Database(databasePath(dir), { readonly: true });
    cleanups.push(() => void db.close());
    const inDatabase = (id: string): unknown =>
      db.prepare('SELECT ply, move, at FROM moves WHERE table_id = ? ORDER BY ply').all(id);
    expect(inDatabase(ID)).toEqual([
      { ply: 0, move: 'd4-d5', at: 100 },
      { ply: 1, move: 'a3-a4', at: 101 },
      { ply: 2, move: 'd5-d6', at: 102 },
      { ply: 3, move: 'a4-a5', at: 103 },
    ]);
    expect(inDatabase(other)).toEqual([]); // still in the journal only
    expect(
      journalText(dir)
        .split('\n')
        .filter((line) => line.startsWith(other)),
    ).toEqual([`${other}\t0\td4-d5\t100\t0`, `${other}\t1\ta3-a4\t101\t0`]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(inDatabase(other)).toEqual([
      { ply: 0, move: 'd4-d5', at: 100 },
      { ply: 1, move: 'a3-a4', at: 101 },
    ]);
    expect(journalText(dir)).toBe('');
  });

  it("learns a table's next ply from a move stored the ordinary way, as after a start", async () => {
    const dir = tempDir();
    const first = new SqliteStore(dir);
    await first.insertTable(table());
    await first.close();
    const store = open(dir);
    expect(await play(store, 0, 3)).toEqual([true, true, true]);
    // The first move after the start went through SQLite: only the next two wait in the journal.
    expect(journalText(dir).split('\n').length).toBe(3);
    expect((await store.loadTable(ID))!.moves).toEqual(MOVES.slice(0, 3));
  });

  it('journals the moves of tables made while other tables are made and ended', async () => {
    const dir = tempDir();
    const store = open(dir);
    const ended = 'eeeeeeeeeeee';
    await store.insertTable(table(ended));
    // Made at once with another table's ending in flight: each learns its own next ply (before, any other table's
    // change in flight sent a table's moves through SQLite until one of them came through alone).
    const ids = ['b0000000000a', 'b0000000000b', 'b0000000000c'];
    await Promise.all([
      ...ids.map((id) => store.insertTable(table(id))),
      store.finish(ended, 0, { winner: 'fox', reason: 'resignation' }, 50),
    ]);
    await Promise.all(ids.map((id) => play(store, 0, 2, id)));
    expect(journalText(dir).split('\n').filter(Boolean).length).toBe(6);
  });

  it('does not learn the next ply of a table ended while its move was stored the ordinary way', async () => {
    const dir = tempDir();
    const first = new SqliteStore(dir);
    await first.insertTable(table());
    await first.close();
    const store = open(dir); // after a start the next ply is not known: the first move goes through SQLite
    expect(
      await Promise.all([
        store.appendMove(ID, 0, MOVES[0]!, null, 100),
        store.finish(ID, 1, { winner: 'geese', reason: 'resignation' }, 101),
      ]),
    ).toEqual([true, true]);
    // Learned from the move, the next ply would let the journal take a move after the result.
    expect(await store.appendMove(ID, 1, MOVES[1]!, null, 102)).toBe(false);
    expect(journalText(dir)).toBe('');
    expect((await store.loadTable(ID))!.moves).toEqual([MOVES[0]]);
  });

  it('a store after a kill -9 copies what the journal holds before anything else', async () => {
    const dir = tempDir();
    // A process that stores a table and five moves, then dies at once: the moves are in the journal only.
    const killed = await runStoreProcess(
      dir,
      `await store.insertTable(${JSON.stringify(table())});
       for (let ply = 0; ply < 5; ply++) await store.appendMove('${ID}', ply, ${JSON.stringify(MOVES)}[ply], null, 100 + ply);
       process.kill(process.pid, 'SIGKILL');`,
    );
    expect(killed.signal).toBe('SIGKILL');
    expect(journalText(dir).split('\n').length).toBe(6);
    const restarted = open(dir);
    expect(journalText(dir)).toBe('');
    expect((await restarted.loadTable(ID))!.moves).toEqual(MOVES.slice(0, 5));
    expect(await play(restarted, 5, 7)).toEqual([true, true]);
    expect((await restarted.loadTable(ID))!.moves).toEqual(MOVES.slice(0, 7));
  });

  // A takeback of moves copied from the journal while another table's line keeps the file from being emptied: the
  // start after a kill -9 must not bring the undone moves back, nor put an old line after the new moves.
  it.each([
    ['the undone moves stay undone', 0, []],
    ['the moves after the takeback are kept, and nothing after them', 1, ['c3-c4', 'e3-e4']],
    ['a second takeback too', 2, ['c3-c4', 'e3-e4']],
  ])('after a takeback and a kill -9: %s', async (_name, rounds, moves) => {
    const dir = tempDir();
    const other = 'bbbbbbbbbbbb';
    const killed = await runStoreProcess(
      dir,
      `await store.insertTable(${JSON.stringify(table())});
       await store.insertTable(${JSON.stringify(table(other))});
       await store.appendMove('${ID}', 0, 'd4-d5', null, 100);
       await store.appendMove('${ID}', 1, 'a3-a4', null, 101);
       await store.appendMove('${other}', 0, 'd4-d5', null, 102);
       await store.takeBack('${ID}', 2, 0, 103);
       const rounds = ${rounds};
       if (rounds > 0) {
         await store.appendMove('${ID}', 0, 'c3-c4', null, 104);
         await store.appendMove('${ID}', 1, 'e3-e4', null, 105);
       }
       if (rounds > 1) {
         await store.takeBack('${ID}', 2, 0, 106);
         await store.appendMove('${ID}', 0, 'c3-c4', null, 107);
         await store.appendMove('${ID}', 1, 'e3-e4', null, 108);
       }
       process.kill(process.pid, 'SIGKILL');`,
    );
    expect(killed.signal).toBe('SIGKILL');
    const restarted = open(dir);
    expect((await restarted.loadTable(ID))!.moves).toEqual(moves);
    expect((await restarted.loadTable(other))!.moves).toEqual(['d4-d5']);
  });

  it('keeps a second process off the folder while one has it', async () => {
    const dir = tempDir();
    const store = open(dir);
    const second = await runStoreProcess(dir, '');
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `the data folder of ${databasePath(dir)} is in use by another server process (${databasePath(dir)}-lock is locked)`,
    );
    await store.close();
    expect((await runStoreProcess(dir, 'await store.close();')).code).toBe(0);
  });

  it('refuses a move whose ply is not the next, then takes the right one', async () => {
    const store = open(tempDir());
    await store.insertTable(table());
    await play(store, 0, 3);
    expect(await store.appendMove(ID, 5, 'd4-d5', null)).toBe(false);
    expect(await store.appendMove(ID, 2, 'd4-d5', null)).toBe(false);
    expect(await play(store, 3, 5)).toEqual([true, true]);
    expect((await store.loadTable(ID))!.moves).toEqual(MOVES.slice(0, 5));
  });

  it('keeps the order of journaled moves and the end of the game: no move after the result', async () => {
    const store = open(tempDir());
    await store.insertTable(table());
    await play(store, 0, 4);
    const result = { winner: 'fox', reason: 'resignation' } as const;
    expect(await store.finish(ID, 4, result, 500)).toBe(true);
    expect(await store.appendMove(ID, 4, 'd6-d7', null)).toBe(false);
    const loaded = await store.loadTable(ID);
    expect([loaded!.moves, loaded!.result, loaded!.endedAt]).toEqual([MOVES.slice(0, 4), result, 500]);
  });

  it('takes back journaled moves, and the next moves go on from the ply taken back to', async () => {
    const store = open(tempDir());
    await store.insertTable(table());
    await play(store, 0, 6);
    expect(await store.takeBack(ID, 6, 4, 900)).toBe(true);
    expect(await play(store, 4, 7)).toEqual([true, true, true]);
    const loaded = await store.loadTable(ID);
    expect([loaded!.moves, loaded!.takebacks]).toEqual([MOVES.slice(0, 7), [{ to: 4, at: 900 }]]);
  });

  it('journals the moves of many tables played at once, each in its order', async () => {
    const store = open(tempDir());
    const ids = Array.from({ length: 50 }, (_, i) => `t${String(i).padStart(11, '0')}`);
    for (const id of ids) await store.insertTable(table(id));
    for (let ply = 0; ply < 10; ply++)
      expect(await Promise.all(ids.map((id) => store.appendMove(id, ply, MOVES[ply]!, null)))).toEqual(
        ids.map(() => true),
      );
    const unfinished = await store.listUnfinished();
    expect(unfinished.map((t) => [t.id, t.moves])).toEqual(ids.map((id) => [id, MOVES]));
  });

  it('stops acknowledging once the journal file is deleted', async () => {
    const dir = tempDir();
    const store = open(dir);
    await store.insertTable(table());
    await play(store, 0, 2);
    const path = journalPath(databasePath(dir));
    rmSync(path);
    const reason = `the database file ${path} was deleted; restart the server once the data folder is in order`;
    await expect(store.appendMove(ID, 2, 'd5-d6', null)).rejects.toThrow(reason);
    expect(await store.readiness()).toEqual({ ready: false, reason });
    expect(existsSync(path)).toBe(false);
  });

  it('refuses moves on a full disk with unavailable, keeps every acknowledged one, and goes on once there is room', async () => {
    const disk = mountSmallDisk('2m');
    cleanups.push(() => disk.unmount());
    const dir = join(disk.dir, 'data');
    const store = new SqliteStore(dir);
    await store.insertTable(table());
    await play(store, 0, 2);
    disk.fill();
    let ply = 2;
    let failure: unknown = null;
    for (; ply < 5000 && failure === null; ply++)
      await store.appendMove(ID, ply, MOVES[ply % 10]!, null).catch((error: unknown) => (failure = error));
    const refused = ply - 1;
    expect(failure).toBeInstanceOf(StoreUnavailable);
    expect((failure as Error).message).toBe('storage failed: the disk is full');
    expect(await store.readiness()).toMatchObject({ ready: false });
    disk.free();
    expect(await store.readiness()).toEqual({ ready: true });
    expect(await store.appendMove(ID, refused, MOVES[refused % 10]!, null)).toBe(true);
    await store.close();
    const reopened = new SqliteStore(dir);
    const moves = (await reopened.loadTable(ID))!.moves;
    await reopened.close();
    expect(moves.length).toBe(refused + 1);
    expect(moves).toEqual(Array.from({ length: refused + 1 }, (_, i) => MOVES[i % 10]));
  });
});
