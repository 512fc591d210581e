// deploy/haproxy.cfg itself, run by Debian's haproxy in front of two real instances on a real redis-server:
// WebSocket upgrades pass, any instance serves any table, and a killed instance is taken out by the health check.
// Behind it (TRUST_PROXY=true, as docker-compose.yml runs them), a client cannot choose its own address for the
// per-address limits and logs by a forged X-Forwarded-For, nor the site's address by X-Forwarded-Proto / -Host.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, expect, it } from 'vitest';

import { request, TestClient } from '../testing/harness.js';
import { joinAt, splitTable } from '../testing/instances.js';
import { playMoves } from '../testing/play.js';
import { RECORDED_GAMES } from '../testing/recorded-games.js';
import { startRedis, systemProgramSkipReason } from '../testing/redis-process.js';
import { freePort, type ServerProcess, startServerProcess } from '../testing/server-process.js';

const CONFIG = join(dirname(fileURLToPath(import.meta.url)), '../../../../deploy/haproxy.cfg');
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
const skip = systemProgramSkipReason() ?? systemProgramSkipReason(HAPROXY, 'haproxy');
if (skip) console.warn(`proxy test skipped: ${skip}`);

let redis: Awaited<ReturnType<typeof startRedis>>;
let instances: ServerProcess[] = [];
let haproxy: ChildProcess | undefined;
let proxy: { url: string };
let logs = ''; // what both instances wrote
/** Sockets one address may hold at each instance here (the default, 200, would take long to reach). */
const SOCKETS_PER_ADDRESS = 10;

beforeAll(async () => {
  if (skip) return;
  try {
    execFileSync(HAPROXY, ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error(`${HAPROXY} cannot be run; install it with: apt-get install -y haproxy`);
  }
  redis = await startRedis();
  const env = {
    REDIS_URL: redis.url,
    TRUST_PROXY: 'true',
    MAX_CONNECTIONS_PER_ADDRESS: String(SOCKETS_PER_ADDRESS),
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  };
  const onOutput = (chunk: string): void => void (logs += chunk);
  instances = await Promise.all([0, 1].map(() => startServerProcess({ env, onOutput, timeoutMs: 60_000 })));
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

/** A forged address, different for each call. */
let forged = 0;
const forgedAddress = (): string => `203.0.113.${(forged++ % 250) + 1}`;

it.skipIf(skip !== null)('counts reads by the client’s own address, whatever X-Forwarded-For it sends', async () => {
  const ids = 'aaaaaaaaaaaa';
  const statuses: number[] = [];
  for (let i = 0; i < 300; i++) {
    const response = await fetch(`${proxy.url}/api/tables?ids=${ids}`, {
      headers: { 'x-forwarded-for': forgedAddress(), forwarded: `for=${forgedAddress()}` },
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  // 120 reads a minute per address at each of the two instances: the rest are refused.
  expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(240);
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(60);
  expect(logs).toContain('"remoteAddress":"127.0.0.1"');
  expect(logs).not.toContain('203.0.113.');
});

it.skipIf(skip !== null)('caps sockets by the client’s own address, whatever X-Forwarded-For it sends', async () => {
  const { body } = await request(proxy.url, 'POST', '/api/tables', { variant: 'standard', side: 'fox' });
  const url = `${proxy.url.replace('http', 'ws')}/api/tables/${body.table.id}/ws`;
  const opened: TestClient[] = [];
  let refused = 0;
  for (let i = 0; i < 3 * SOCKETS_PER_ADDRESS; i++) {
    const headers = { 'x-forwarded-for': forgedAddress() };
    await TestClient.connect(url, { headers }).then(
      (client) => opened.push(client),
      () => refused++,
    );
  }
  expect(opened.length).toBeLessThanOrEqual(2 * SOCKETS_PER_ADDRESS);
  expect(refused).toBeGreaterThanOrEqual(SOCKETS_PER_ADDRESS);
  await Promise.all(opened.map((client) => client.close()));
  expect(logs).not.toContain('203.0.113.');
});

it.skipIf(skip !== null)(
  'names the site by the address the proxy was asked, whatever X-Forwarded-Proto / -Host say',
  async () => {
    const { body } = await request(proxy.url, 'POST', '/api/tables', { variant: 'standard', side: 'fox' });
    const id: string = body.table.id;
    const response = await fetch(`${proxy.url}/api/tables/${id}/game.txt`, {
      headers: { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example', forwarded: 'proto=javascript' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`[Site "${proxy.url}/t/${id}"]`);
  },
);

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
