// One address cannot starve everyone's computer (real sockets, the real server): its unfinished games against the
// computer are capped (computer-seats.test.ts shows its thinks waiting for each other). Two client addresses come from
// X-Forwarded-For, which the server trusts from its one proxy hop (here the test itself).
import type { CreateTableResponse } from '@fg/protocol';
import { afterEach, describe, expect, it } from 'vitest';

import { joinTable, startServer, type TestServer } from '../testing/harness.js';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** Creates a table against the computer at level 8 from `address`, the creator playing `side`. */
async function create(server: TestServer, address: string, side: 'fox' | 'geese') {
  const response = await fetch(`${server.base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ variant: 'standard', side, computer: { level: 8 } }),
  });
  return { status: response.status, body: (await response.json()) as CreateTableResponse & { error?: object } };
}

const CROWD = '198.51.100.7';
const OTHER = '203.0.113.9';

describe('computer games per address', () => {
  it('caps the unfinished games one address plays against the computer; a finished one frees its place', async () => {
    const server = await startServer({ trustProxy: true, computerGamesPerAddress: 3, computerThinkMs: 20 });
    servers.push(server);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await create(server, CROWD, 'fox'));
    expect(made.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(await create(server, CROWD, 'fox')).toEqual({
      status: 429,
      body: {
        error: {
          code: 'rate-limited',
          message: 'this address has 3 unfinished games against the computer; finish or resign one first',
        },
      },
    });
    expect((await create(server, OTHER, 'fox')).status).toBe(201);
    const first = made[0]!.body;
    const player = await joinTable(server, first.table.id, first.seat.token);
    player.send({ type: 'resign' });
    await player.next('ended');
    expect((await create(server, CROWD, 'fox')).status).toBe(201);
    await player.close();
  });
});
