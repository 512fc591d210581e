// Hostile clients against the real server with its default limits (issue 11), printing figures next to targets:
// 1. memory: 50 spectators that never read (and keep saying hello, within the rate limit) plus 40 sockets that
//    join and leave without pause, for 60 s; the server's RSS is sampled every second (target: < 400 MB);
// 2. a crowd: 2,000 spectators join one table (20 loopback addresses, 100 each, under the per-address cap) while
//    two players play on another table; join time (target < 20 s) and that table's move round trip p99 (< 100 ms).
// Run: tsx apps/server/bench/hostile.ts [--quick] [--seconds 60] [--spectators 2000] [--node-args '<V8 flags>']
import { parseArgs } from 'node:util';

import type { CreateTableResponse, TakeSeatResponse } from '@fg/protocol';
import { type Game, getVariant, newGame, playPoints } from '@fg/rules';
import WebSocket from 'ws';

import { RawSocket } from '../src/testing/raw-socket.js';
import { type ServerProcess, startServerProcess } from '../src/testing/server-process.js';
import { collectGarbage, inspectorUrl } from './inspector.js';
import { rssKb } from './proc.js';
import { summarize } from './stats.js';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    spectators: { type: 'string' },
    'node-args': { type: 'string' }, // V8 flags for the server, e.g. '--max-old-space-size=200'
  },
});
const quick = flags.quick ?? false;
const memorySeconds = Number(flags.seconds ?? (quick ? 15 : 60));
const crowd = Number(flags.spectators ?? (quick ? 500 : 2000));
const ADDRESSES = 20;
const standard = getVariant('standard');
if (!standard.ok) throw new Error(standard.error.message);
const variant = standard.value;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number): string => `${(kb / 1024).toFixed(0)} MB`;

async function post<T>(server: ServerProcess, path: string, body: unknown): Promise<T> {
  const res = await fetch(server.url + path, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Opens a socket, says hello (with a token to play) and resolves once welcomed; `onText` sees every frame. */
function join(
  server: ServerProcess,
  id: string,
  options: { token?: string; localAddress?: string; onText?: (text: string) => void } = {},
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/tables/${id}/ws`, {
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    let welcomed = false;
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'hello', ...(options.token ? { token: options.token } : {}) })),
    );
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (!welcomed && text.startsWith('{"type":"welcome"')) {
        welcomed = true;
        resolve(socket);
      }
      options.onText?.(text);
    });
    socket.on('error', reject);
    socket.on('close', (code) => welcomed || reject(new Error(`closed ${code} before welcome`)));
  });
}

/** Part 1: never-reading spectators and churning sockets; returns RSS samples in kB. */
async function memory(server: ServerProcess, inspector: string): Promise<void> {
  const { table } = await post<CreateTableResponse>(server, '/api/tables', { variant: 'standard' });
  const url = `ws://127.0.0.1:${server.port}/api/tables/${table.id}/ws`;
  const before = rssKb(server.child.pid!);
  const stalled = await Promise.all(Array.from({ length: 50 }, () => RawSocket.open(url)));
  for (const raw of stalled) {
    raw.sendText('{"type":"hello"}');
    raw.pause();
  }
  let running = true;
  let joins = 0;
  let refused = 0;
  const churners = Array.from({ length: 40 }, async () => {
    while (running) {
      try {
        const socket = await join(server, table.id);
        joins++;
        socket.close();
        await new Promise((resolve) => socket.once('close', resolve));
      } catch {
        refused++;
        await sleep(50);
      }
    }
  });
  // The stalled spectators keep asking for the whole table at the allowed rate (10 messages a second).
  const asking = setInterval(() => {
    for (const raw of stalled) if (!raw.ended) raw.sendText('{"type":"hello"}');
  }, 100);
  const samples: number[] = [];
  for (let s = 0; s < memorySeconds; s++) {
    await sleep(1000);
    samples.push(rssKb(server.child.pid!));
  }
  running = false;
  clearInterval(asking);
  await Promise.all(churners);
  for (const raw of stalled) raw.destroy();
  const peak = Math.max(...samples);
  // What the server still holds once the attack is over, after a full collection: live memory, not garbage.
  await sleep(2000);
  const heap = await collectGarbage(inspector);
  const afterGc = rssKb(server.child.pid!);
  console.log(`\n1. memory: 50 never-reading spectators + 40 churning sockets for ${memorySeconds} s (default limits)`);
  console.log(
    `   RSS before ${mb(before)}, after 10 s ${mb(samples[9] ?? peak)}, peak ${mb(peak)}, end ${mb(samples.at(-1)!)}`,
  );
  console.log(
    `   target: < 400 MB -> ${peak < 400 * 1024 ? 'met' : 'NOT met'}; churn: ${joins} joins, ${refused} refused`,
  );
  const trend = samples.filter((_, i) => i % 10 === 9).map((kb) => (kb / 1024).toFixed(0));
  console.log(`   RSS every 10 s (MB): ${trend.join(', ')}`);
  console.log(`   after the attack and a full GC: RSS ${mb(afterGc)}, JS heap used ${mb(heap.usedKb)}`);
}

/** A table where two players move in turn, timing each move from its send to its `moved` at the sender. */
async function playing(server: ServerProcess, roundTrips: number[], recording: () => boolean): Promise<() => void> {
  let stop = false;
  let closeTable = (): void => undefined;
  const play = async (): Promise<void> => {
    const created = await post<CreateTableResponse>(server, '/api/tables', { variant: 'standard', side: 'fox' });
    const taken = await post<TakeSeatResponse>(server, `/api/tables/${created.table.id}/seats`, {});
    let game: Game = newGame(variant);
    let sentAt = 0;
    const players: Record<string, WebSocket> = {};
    const move = (): void => {
      if (stop || game.result) return;
      const path = game.legal[Math.floor(Math.random() * game.legal.length)]!;
      sentAt = performance.now();
      const names = path.map((p) => variant.board.points[p]!.name);
      players[game.position.turn]!.send(JSON.stringify({ type: 'move', ply: game.moves.length, path: names }));
    };
    const onText = (side: string) => (text: string) => {
      if (!text.startsWith('{"type":"moved"')) return;
      const moved = JSON.parse(text) as { ply: number; path: string[]; side: string };
      if (moved.side !== side) return;
      if (recording()) roundTrips.push(performance.now() - sentAt);
      const next = playPoints(game, moved.path);
      if (!next.ok) throw new Error(next.error.message);
      game = next.value;
      if (game.result) {
        for (const socket of Object.values(players)) socket.close();
        if (!stop) void play();
      } else setTimeout(move, 50);
    };
    players.fox = await join(server, created.table.id, { token: created.seat.token, onText: onText('fox') });
    players.geese = await join(server, created.table.id, { token: taken.seat.token, onText: onText('geese') });
    closeTable = () => Object.values(players).forEach((socket) => socket.close());
    move();
  };
  await play();
  return () => {
    stop = true;
    closeTable();
  };
}

/** Part 2: a crowd joins one table while another plays. */
async function crowdJoins(server: ServerProcess): Promise<void> {
  const roundTrips: number[] = [];
  let recording = false;
  const stopPlaying = await playing(server, roundTrips, () => recording);
  await sleep(2000);
  const { table } = await post<CreateTableResponse>(server, '/api/tables', { variant: 'standard' });
  let frames = 0;
  const sockets: WebSocket[] = [];
  recording = true;
  const started = performance.now();
  const WAVE = 50;
  for (let i = 0; i < crowd; i += WAVE) {
    const wave = Array.from({ length: Math.min(WAVE, crowd - i) }, (_, k) =>
      join(server, table.id, { localAddress: `127.0.0.${2 + ((i + k) % ADDRESSES)}`, onText: () => void frames++ }),
    );
    sockets.push(...(await Promise.all(wave)));
  }
  const joinedMs = performance.now() - started;
  recording = false;
  await sleep(1000);
  stopPlaying();
  const trips = summarize(roundTrips);
  console.log(`\n2. crowd: ${crowd} spectators join one table (${ADDRESSES} addresses) while another table plays`);
  console.log(
    `   all welcomed after ${(joinedMs / 1000).toFixed(1)} s (target < 20 s -> ${joinedMs < 20_000 ? 'met' : 'NOT met'}); ${frames} frames to the crowd`,
  );
  console.log(
    `   other table, move round trip during the join: ${trips.count} moves, p50 ${trips.p50.toFixed(1)} ms, p99 ${trips.p99.toFixed(1)} ms, max ${trips.max.toFixed(1)} ms (target p99 < 100 ms -> ${trips.p99 < 100 ? 'met' : 'NOT met'})`,
  );
  for (const socket of sockets) socket.terminate();
}

async function main(): Promise<void> {
  console.log(`Fox and Geese server under hostile clients${quick ? ' (quick)' : ''}: default limits, 127.0.0.1`);
  let output = '';
  const server = await startServerProcess({
    env: { LOG_LEVEL: 'error' },
    nodeArgs: ['--inspect=127.0.0.1:0', ...(flags['node-args']?.split(' ').filter(Boolean) ?? [])],
    onOutput: (chunk) => (output += chunk),
  });
  try {
    const inspector = inspectorUrl(output);
    if (!inspector) throw new Error('the server printed no inspector address');
    await memory(server, inspector);
    await crowdJoins(server);
  } finally {
    await server.stop();
  }
}

const watchdog = setTimeout(
  () => {
    console.error('hostile bench: still running after its time limit; stopping');
    process.exit(1);
  },
  (memorySeconds + 180) * 1000,
);
main().then(
  () => {
    clearTimeout(watchdog);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(`hostile bench failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
