// Push in Redis mode: two instances share one key pair and the seats' subscriptions; a change is pushed once, by
// the instance that made it.
import type { CreateTableResponse } from '@fg/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { joinTable, request, startServer, type TestServer } from '../testing/harness.js';
import { TestPushService } from '../testing/push-service.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';

const skip = systemProgramSkipReason();
let redis: Awaited<ReturnType<typeof startRedis>>;
let a: TestServer;
let b: TestServer;
let service: TestPushService;

beforeAll(async () => {
  if (skip) return;
  redis = await startRedis();
  service = await TestPushService.start();
  const settings = { redisUrl: redis.url, pushHosts: ['127.0.0.1'] };
  [a, b] = await Promise.all([startServer(settings), startServer(settings)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await service?.close();
  await redis?.stop();
});

describe.skipIf(skip !== null)('push on two instances', () => {
  it('one key pair; a subscription made at A is pushed once when the move is played at B; 5 a seat', async () => {
    const keyA = (await request(a.base, 'GET', '/api/push/key')).body.publicKey;
    expect((await request(b.base, 'GET', '/api/push/key')).body.publicKey).toBe(keyA);
    service.trust(keyA);
    const created = (await request(a.base, 'POST', '/api/tables', { variant: 'standard', side: 'fox' }))
      .body as CreateTableResponse;
    const id = created.table.id;
    const geeseToken = (await request(b.base, 'POST', `/api/tables/${id}/seats`, {})).body.seat.token;
    const subscriptions = Array.from({ length: 6 }, () => service.subscribe());
    for (const s of subscriptions) {
      const body = { table: id, token: geeseToken, subscription: s.json };
      expect((await request(a.base, 'POST', '/api/push/subscriptions', body)).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const fox = await joinTable(b, id, created.seat.token);
    fox.send({ type: 'move', ply: 0, path: ['d4', 'e5'] });
    await service.waitFor(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.received.map((p) => p.subscription).sort((x, y) => x - y)).toEqual(
      subscriptions.slice(1).map((s) => s.number),
    );
    expect(service.received[0]!.payload).toMatchObject({ type: 'your-move', table: id, move: 'd4-e5' });
    await fox.close();
  });
});
