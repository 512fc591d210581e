// Link-preview pictures under load, over real HTTP and sockets: drawing many positions at once leaves the event loop
// free for the games, a full drawing queue answers 503 with Retry-After, and a flood from one address meets 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seatedTable, startServer, type TestServer } from '../testing/harness.js';
import { pathOf, playMoves } from '../testing/play.js';
import { RECORDED_GAMES } from '../testing/recorded-games.js';
import { IMAGES_PER_MINUTE } from './page-meta.js';

const GAME = RECORDED_GAMES.find((game) => game.variant === 'standard')!.moves;

let server: TestServer;
const tables: string[] = []; // table k has played k + 1 plies: 20 different positions
beforeAll(async () => {
  server = await startServer();
  for (let plies = 1; plies <= 20; plies++) {
    const table = await seatedTable(server);
    await playMoves(table, GAME.slice(0, plies), 'fox');
    await Promise.all([table.fox.close(), table.geese.close()]);
    tables.push(table.id);
  }
}, 60_000);
afterAll(async () => server.close());

/** Whether bytes are a PNG of 800 x 420 pixels. */
const isPreviewPng = (bytes: Buffer): boolean =>
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) &&
  bytes.readUInt32BE(16) === 800 &&
  bytes.readUInt32BE(20) === 420;

describe('preview pictures under load', () => {
  it('answers a move on another table while 20 positions are drawn, and refuses what the queue cannot hold', async () => {
    const game = await seatedTable(server);
    let done = 0;
    let refused!: () => void;
    const firstRefusal = new Promise<void>((resolve) => (refused = resolve));
    const answers = tables.map(async (id) => {
      const response = await fetch(`${server.base}/api/tables/${id}/preview.png`);
      const answer = {
        status: response.status,
        type: response.headers.get('content-type'),
        cache: response.headers.get('cache-control'),
        retryAfter: response.headers.get('retry-after'),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
      if (answer.status === 503) refused();
      else done++;
      return answer;
    });
    // A refusal means the queue is full: every drawing place is taken, so the pictures are in flight now.
    await firstRefusal;
    game.fox.send({ type: 'move', ply: 0, path: pathOf(GAME[0]!) });
    const moved = await game.geese.next('moved');
    const drawnBeforeMove = done;
    const all = await Promise.all(answers);
    const drawn = all.filter((answer) => answer.status === 200);
    expect(moved.move).toBe(GAME[0]);
    expect(drawnBeforeMove).toBeLessThan(drawn.length); // the move did not wait for the pictures
    for (const answer of drawn) {
      expect([answer.type, answer.cache]).toEqual(['image/png', 'public, max-age=60']);
      expect(isPreviewPng(answer.bytes)).toBe(true);
    }
    const refusals = all.filter((answer) => answer.status !== 200);
    expect(refusals.length).toBeGreaterThan(0);
    for (const answer of refusals) {
      expect([answer.status, answer.retryAfter, JSON.parse(answer.bytes.toString()).error.code]).toEqual([
        503,
        '5',
        'unavailable',
      ]);
    }
    await Promise.all([game.fox.close(), game.geese.close()]);
  });

  it('answers a repeated position from the cache', async () => {
    const first = await fetch(`${server.base}/api/tables/${tables[0]}/preview.png`);
    const again = await fetch(`${server.base}/api/tables/${tables[0]}/preview.png`);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
  });

  it('meets a flood from one address with 429 and Retry-After', async () => {
    const statuses = await Promise.all(
      Array.from({ length: IMAGES_PER_MINUTE + 10 }, async () => {
        const response = await fetch(`${server.base}/api/variants/standard/preview.png`);
        await response.arrayBuffer();
        return [response.status, response.headers.get('retry-after') !== null] as const;
      }),
    );
    const limited = statuses.filter(([status]) => status === 429);
    expect(limited.length).toBe(10);
    expect(limited.every(([, retryAfter]) => retryAfter)).toBe(true);
  });
});
