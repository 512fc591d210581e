// `GET /api/tables/:id/game.txt` over every recorded game of every variant: written by the server,
// read back and replayed by the rules library's one reader (what `rules replay` runs).
import { readRecord, replayRecord } from '@fg/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { joinTable, request, seatedTable, startServer, type TestServer } from '../testing/harness.js';
import { playMoves } from '../testing/play.js';
import { RECORDED_GAMES } from '../testing/recorded-games.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe('GET /api/tables/:id/game.txt', () => {
  it.each(RECORDED_GAMES.map((g) => [g.name, g] as const))('round-trips %s', async (_name, game) => {
    const table = await seatedTable(server, game.variant, game.options);
    const first = (await joinTable(server, table.id)).all('welcome')[0]!.table.turn;
    await playMoves(table, game.moves, first);
    const response = await fetch(`${server.base}/api/tables/${table.id}/game.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="fox-and-geese-${table.id}.txt"`);
    const text = await response.text();
    const word = game.result.winner ?? 'draw';
    expect(text).toContain(`[Result "${word}"]\n[Termination "${game.result.reason}"]\n`);
    expect(text).toContain(`[Site "${server.base}/t/${table.id}"]`);
    expect(text.trimEnd().split('\n').at(-1)).toBe(word);
    const read = readRecord(text);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.moves).toEqual(game.moves);
    const { variant, moves } = read.value;
    const replayed = replayRecord({ variant: variant.id, options: variant.options, moves });
    expect(replayed.ok && replayed.value.result).toEqual(game.result);
    await table.fox.close();
    await table.geese.close();
  });

  it('writes a running game with * and its clock', async () => {
    const created = await request(server.base, 'POST', '/api/tables', {
      variant: 'big-cross',
      clock: { initial: 180, increment: 2 },
    });
    const text = await (await fetch(`${server.base}/api/tables/${created.body.table.id}/game.txt`)).text();
    expect(text).toMatch(/^\[Game "Big Cross \(Gåsetavl\)"\]\n\[Variant "big-cross"\]\n\[Options ""\]\n/);
    expect(text).toContain('[Clock "180+2"]\n[Result "*"]\n\n*\n');
    expect(text).toMatch(/\[Date "\d{4}\.\d{2}\.\d{2}"\]/);
  });

  it.each([
    ['an unknown id', 'nosuchtable1'],
    ['a malformed id', 'bad%20id'],
  ])('answers %s with 404 table-not-found', async (_name, id) => {
    const answer = await request(server.base, 'GET', `/api/tables/${id}/game.txt`);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('table-not-found');
  });
});
