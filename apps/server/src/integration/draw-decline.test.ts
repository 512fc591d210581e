// Additions at the table over real sockets: declining a draw, an offer repeated or renewed
// too soon, and spectators taken along to the rematch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { joinTable, seatedTable, startServer, type TestServer } from '../testing/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe('draw-decline', () => {
  it('lapses the offer and tells everyone which side declined', async () => {
    const { id, fox, geese } = await seatedTable(server);
    const spectator = await joinTable(server, id);
    fox.send({ type: 'draw-offer' });
    await geese.next('draw-offered');
    geese.send({ type: 'draw-decline' });
    for (const client of [fox, geese, spectator])
      expect(await client.next('draw-declined')).toEqual({ type: 'draw-declined', side: 'geese' });
    // Accepting now finds no offer.
    geese.send({ type: 'draw-accept' });
    expect((await geese.next('error')).code).toBe('not-your-turn');
  });

  it.each([
    ['no offer stands', [] as const],
    ['only its own offer stands', ['geese-offers'] as const],
  ])('answers not-your-turn when %s', async (_name, steps) => {
    const { fox, geese } = await seatedTable(server);
    if (steps.length) {
      geese.send({ type: 'draw-offer' });
      await geese.next('draw-offered');
    }
    geese.send({ type: 'draw-decline' });
    const error = await geese.next('error');
    expect(error.code).toBe('not-your-turn');
    expect(error.message).toBe('there is no draw offer from the fox to decline');
    expect(fox.all('draw-declined')).toEqual([]);
  });

  it('ignores a repeated offer, and a renewed one until the opponent moves, with no error', async () => {
    const { fox, geese } = await seatedTable(server);
    fox.send({ type: 'draw-offer' });
    await geese.next('draw-offered');
    fox.send({ type: 'draw-offer' }); // repeated while it stands
    geese.send({ type: 'draw-decline' });
    await fox.next('draw-declined');
    fox.send({ type: 'draw-offer' }); // renewed before the geese moved
    fox.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    await geese.next('moved');
    fox.send({ type: 'draw-offer' }); // still before the geese moved
    geese.send({ type: 'move', ply: 1, path: ['c3', 'c4'] });
    await fox.next('moved', (m) => m.ply === 1);
    fox.send({ type: 'draw-offer' }); // now allowed again
    expect(await geese.next('draw-offered')).toEqual({ type: 'draw-offered', side: 'fox' });
    expect(geese.all('draw-offered')).toHaveLength(2);
    expect(fox.all('error')).toEqual([]);
  });
});

describe('rematch', () => {
  it('takes spectators along: they get the new table without a seat', async () => {
    const { id, fox, geese } = await seatedTable(server);
    const spectator = await joinTable(server, id);
    fox.send({ type: 'resign' });
    await spectator.next('ended');
    fox.send({ type: 'rematch' });
    geese.send({ type: 'rematch' });
    const seen = await spectator.next('rematch');
    expect(seen.seat).toBeUndefined();
    expect((await fox.next('rematch')).table).toBe(seen.table);
    const watcher = await joinTable(server, seen.table);
    expect(watcher.all('welcome')[0]!.role).toBe('spectator');
  });

  it('makes a second connection with the same token that seat’s player too', async () => {
    const { id, tokens, geese } = await seatedTable(server);
    const second = await joinTable(server, id, tokens.fox);
    expect(second.all('welcome')[0]!.role).toBe('fox');
    second.send({ type: 'move', ply: 0, path: ['d4', 'd5'] });
    expect((await geese.next('moved')).move).toBe('d4-d5');
  });
});
