// deploy/haproxy.cfg itself, run by Debian's haproxy in front of two real instances on a real redis-server:
// WebSocket upgrades pass, any instance serves any table, and a killed instance is taken out by the health check.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, expect, it } from 'vitest';

import { request } from '../testing/harness.js';
import { joinAt, splitTable, startInstances } from '../testing/instances.js';
import { playMoves } from '../testing/play.js';
import { RECORDED_GAMES } from '../testing/recorded-games.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';
import { freePort, type ServerProcess } from '../testing/server-process.js';

const CONFIG = join(dirname(fileURLToPath(import.meta.url)), '../../../../deploy/haproxy.cfg');
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
const skip = systemProgramSkipReason() ?? systemProgramSkipReason(HAPROXY, 'haproxy');
if (skip) console.warn(`proxy test skipped: ${skip}`);

let redis: Awaited<ReturnType<typeof startRedis>>;
let instances: ServerProcess[] = [];
let haproxy: ChildProcess | undefined;
let proxy: { url: string };

beforeAll(async () => {
  if (skip) return;
  try {
    execFileSync(HAPROXY, ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error(`${HAPROXY} cannot be run; install it with: apt-get install -y haproxy`);
  }
  redis = await startRedis();
  instances = await startInstances(redis.url, 2, { TRUST_PROXY: 'true' });
  const port = await freePort();
  const [a, b] = instances.map((server) => `127.0.0.1:${server.port}`);
  haproxy = spawn(HAPROXY, ['-f', CONFIG, '-db'], {
    env: { ...process.env, PROXY_PORT: String(port), SERVER_A: a!, SERVER_B: b! },
    stdio: 'ignore',
  });
  proxy = { url: `http://127.0.0.1:${port}` };
  const deadline = Date.now() + 20_000;
  while ((await request(proxy.url, 'GET', '/healthz').catch(() => null))?.status !== 200) {
    if (Date.now() > deadline || haproxy.exitCode !== null) throw new Error('haproxy did not answer /healthz');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

afterAll(async () => {
  haproxy?.kill('SIGTERM');
  await Promise.all(instances.map((server) => server.stop()));
  await redis?.stop();
});

it.skipIf(skip !== null)(
  'plays a game through the proxy, and carries on when an instance is killed with SIGKILL',
  async () => {
    const game = RECORDED_GAMES.find((g) => g.variant === 'standard')!;
    const table = await splitTable(proxy, proxy);
    const watcher = await joinAt(proxy, table.id);
    await playMoves(table, game.moves.slice(0, 6), 'fox', [watcher]);
    await instances[0]!.kill();
    // Connections to the killed instance are gone; every client comes back through the proxy.
    const deadline = Date.now() + 20_000;
    let back: Awaited<ReturnType<typeof joinAt>>[] | null = null;
    while (!back) {
      back = await Promise.all([
        joinAt(proxy, table.id, table.tokens.fox),
        joinAt(proxy, table.id, table.tokens.geese),
        joinAt(proxy, table.id),
      ]).catch(() => null);
      if (!back && Date.now() > deadline) throw new Error('no instance took the table back through the proxy');
      if (!back) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const [fox, geese, spectator] = back;
    expect(fox!.all('welcome')[0]!.table.moves).toEqual(game.moves.slice(0, 6));
    const last = await playMoves({ ...table, fox: fox!, geese: geese! }, game.moves.slice(6), 'fox', [spectator!], 6);
    expect(last?.result).toEqual(game.result);
    expect((await request(proxy.url, 'GET', `/api/tables/${table.id}`)).body.table.moves).toEqual(game.moves);
  },
  120_000,
);
