// Several real server instances in Redis mode as child processes, and tables whose players sit on different ones.
import type { CreateTableResponse, ServerMessageOf, Side } from '@fg/protocol';

import { request, TestClient } from './harness.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

/** Starts `count` instances sharing one Redis. */
export function startInstances(
  redisUrl: string,
  count = 2,
  env: Record<string, string> = {},
): Promise<ServerProcess[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      startServerProcess({ env: { REDIS_URL: redisUrl, ...env }, timeoutMs: 60_000 }),
    ),
  );
}

/** The WebSocket address of a table at an instance. */
const wsAt = (server: { url: string }, tableId: string): string =>
  `${server.url.replace('http', 'ws')}/api/tables/${tableId}/ws`;

/** Connects to a table at an instance and says hello; resolves with the client once welcomed. */
export async function joinAt(server: { url: string }, tableId: string, token?: string): Promise<TestClient> {
  const client = await TestClient.connect(wsAt(server, tableId));
  client.send(token === undefined ? { type: 'hello' } : { type: 'hello', token });
  await client.next('welcome', () => true, 10_000);
  return client;
}

/** A table created at `foxAt` (the creator holds the fox seat) whose geese seat is taken at `geeseAt`; `extras`
 * go into the create body (a clock, correspondence days). */
export async function splitTable(
  foxAt: { url: string },
  geeseAt: { url: string },
  variant = 'standard',
  extras: object = {},
): Promise<{ id: string; tokens: Record<Side, string>; fox: TestClient; geese: TestClient }> {
  const created = await request(foxAt.url, 'POST', '/api/tables', { variant, side: 'fox', ...extras });
  const { table, seat } = created.body as CreateTableResponse;
  const taken = await request(geeseAt.url, 'POST', `/api/tables/${table.id}/seats`, {});
  const tokens = { fox: seat.token, geese: taken.body.seat.token as string };
  const fox = await joinAt(foxAt, table.id, tokens.fox);
  const geese = await joinAt(geeseAt, table.id, tokens.geese);
  return { id: table.id, tokens, fox, geese };
}

/** Sends a move until it is acknowledged, again after `unavailable` (a store coming back); the `moved` of it. */
export async function moveUntilStored(
  client: TestClient,
  ply: number,
  path: string[],
  withinMs = 20_000,
): Promise<ServerMessageOf<'moved'>> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    client.send({ type: 'move', ply, path });
    const answer = await client.nextWhere(
      (m): m is ServerMessageOf<'moved' | 'error'> => (m.type === 'moved' && m.ply === ply) || m.type === 'error',
      withinMs,
    );
    if (answer.type === 'moved') return answer;
    if (answer.code !== 'unavailable' || Date.now() > deadline)
      throw new Error(`move at ply ${ply}: ${answer.code} ${answer.message}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
