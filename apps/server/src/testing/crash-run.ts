// The randomized durability run: random play with moves and takebacks on many tables, the real server process
// killed with -9 at a random moment and started again on its data (the SQLite folder, or the same redis-server),
// round after round. After each start every table must show exactly what its players were told: the acknowledged
// moves and takebacks, or those plus the one change that was on its way when the process died (stored, not yet
// acknowledged). Used by integration/crash-random.test.ts (short) and bench/crash.ts (long, by hand or `pnpm bench`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { seededRandom } from '@fg/engine';
import type { CreateTableResponse, Side } from '@fg/protocol';
import { type Game, makeMoveText, opponent, replayRecord } from '@fg/rules';

import { request, TestClient } from './harness.js';
import { freePort, type ServerProcess, startServerProcess } from './server-process.js';

/** How long and how wide a run is. */
export interface CrashRunOptions {
  readonly tables: number; // 24
  readonly rounds: number; // kills: 5
  readonly seed: number; // of the choices of moves, takebacks and kill moments
  readonly playMs: readonly [number, number]; // each round plays for a random time within this, then the kill
  readonly redisUrl?: string; // Redis mode: the instance shares this redis-server (kept running across the kills)
  readonly takebackShare?: number; // 0.15: the share of steps that are a takeback instead of a move
  readonly onRound?: (line: string) => void; // told after each round
}

/** What a run saw. */
export interface CrashRunReport {
  readonly moves: number; // acknowledged moves
  readonly takebacks: number; // acknowledged takebacks
  readonly inFlightStored: number; // changes on their way at a kill that the start showed stored
  readonly inFlightLost: number; // changes on their way at a kill that the start showed not stored
  readonly mismatches: readonly string[]; // tables that showed anything else, and what
  readonly stalls: readonly string[]; // tables whose play failed before the kill (a refusal, no answer), and why
}

/** One table as its players know it. */
interface Tracked {
  readonly id: string;
  readonly tokens: Record<Side, string>;
  acked: readonly string[]; // the moves as last acknowledged
  pending: readonly string[] | null; // the moves if the change on its way is stored
}

const replay = (moves: readonly string[]): Game => {
  const game = replayRecord({ variant: 'standard', moves });
  if (!game.ok) throw new Error(`the table's moves do not replay: ${game.error.message}`);
  return game.value;
};

const same = (a: readonly string[] | null, b: readonly string[]): boolean =>
  a !== null && a.length === b.length && a.every((move, i) => move === b[i]);

/** Runs the rounds; the server's data folder (SQLite mode) is removed at the end. */
export async function crashRun(options: CrashRunOptions): Promise<CrashRunReport> {
  const next = seededRandom(options.seed);
  const takebackShare = options.takebackShare ?? 0.15;
  const dataDir = mkdtempSync(join(tmpdir(), 'fg-crash-'));
  const port = await freePort();
  const env: Record<string, string> = { LOG_LEVEL: 'warn', LOG_FORMAT: 'json', WEB_DIR: join(dataDir, 'no-web') };
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  const start = (): Promise<ServerProcess> => startServerProcess({ port, dataDir, env, timeoutMs: 60_000 });
  const wsUrl = (id: string): string => `ws://127.0.0.1:${port}/api/tables/${id}/ws`;
  const counts = { moves: 0, takebacks: 0, inFlightStored: 0, inFlightLost: 0 };
  const mismatches: string[] = [];
  const stalls: string[] = [];
  let server = await start();
  try {
    const tables: Tracked[] = [];
    for (let i = 0; i < options.tables; i++) {
      const created = await request(server.url, 'POST', '/api/tables', { variant: 'standard', side: 'fox' });
      const { table, seat } = created.body as CreateTableResponse;
      const taken = await request(server.url, 'POST', `/api/tables/${table.id}/seats`, {});
      tables.push({
        id: table.id,
        tokens: { fox: seat.token, geese: taken.body.seat.token },
        acked: [],
        pending: null,
      });
    }
    for (let round = 1; round <= options.rounds; round++) {
      const players = await Promise.all(tables.map((table) => seat(table, wsUrl)));
      let stopped = false;
      const play = tables.map((table, i) =>
        drive(table, players[i]!, next, takebackShare, counts, () => stopped).catch((error: unknown) => {
          if (!stopped) stalls.push(`round ${round}, table ${table.id}: ${(error as Error).message}`);
        }),
      );
      const [low, high] = options.playMs;
      await new Promise((resolve) => setTimeout(resolve, low + Math.floor(next() * (high - low))));
      stopped = true; // from here a failed wait is the kill's doing; steps under way stay under way
      await server.kill();
      await Promise.all(play);
      for (const pair of players) for (const client of [pair.fox, pair.geese]) client.socket.terminate();
      server = await start();
      for (const table of tables) {
        const { status, body } = await request(server.url, 'GET', `/api/tables/${table.id}`);
        const stored: string[] = status === 200 ? body.table.moves : [];
        if (status === 200 && same(table.acked, stored)) {
          if (table.pending) counts.inFlightLost++;
        } else if (status === 200 && same(table.pending, stored)) {
          counts.inFlightStored++;
        } else {
          const told = JSON.stringify(table.acked);
          const shown = status === 200 ? JSON.stringify(stored) : `${status} ${JSON.stringify(body)}`;
          mismatches.push(`round ${round}, table ${table.id}: acknowledged ${told}, after the start ${shown}`);
        }
        table.acked = stored;
        table.pending = null;
      }
      options.onRound?.(
        `round ${round}: ${counts.moves} moves and ${counts.takebacks} takebacks acknowledged so far, ` +
          `${mismatches.length} tables not as acknowledged`,
      );
    }
  } finally {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { ...counts, mismatches, stalls };
}

/** Both players of a table connected and welcomed. */
async function seat(table: Tracked, wsUrl: (id: string) => string): Promise<Record<Side, TestClient>> {
  const pair = {
    fox: await TestClient.connect(wsUrl(table.id)),
    geese: await TestClient.connect(wsUrl(table.id)),
  };
  for (const side of ['fox', 'geese'] as const) {
    pair[side].send({ type: 'hello', token: table.tokens[side] });
    await pair[side].next('welcome', () => true, 20_000);
  }
  return pair;
}

/**
 * Plays a table until `stopped` (the kill: a wait then fails) or its game ends, one step at a time: a random legal
 * move of the side to move, or a takeback offered by either player and accepted by the other. Each step waits for
 * both players to be told, so no message of one step is mistaken for the next's.
 */
async function drive(
  table: Tracked,
  players: Record<Side, TestClient>,
  next: () => number,
  takebackShare: number,
  counts: { moves: number; takebacks: number },
  stopped: () => boolean,
): Promise<void> {
  const { board } = replay([]).variant;
  while (!stopped()) {
    const game = replay(table.acked);
    if (game.result) return;
    const ply = table.acked.length;
    const turn = game.position.turn;
    players.fox.drop();
    players.geese.drop();
    if (ply >= 2 && next() < takebackShare) {
      // Either player may ask: its own last move is undone (two plies on its own turn, one on the opponent's).
      const offerer: Side = next() < 0.5 ? 'fox' : 'geese';
      const other = opponent(offerer);
      const to = offerer === turn ? ply - 2 : ply - 1;
      players[offerer].send({ type: 'takeback-offer' });
      await players[other].next('takeback-offered', () => true, 20_000);
      table.pending = table.acked.slice(0, to);
      players[other].send({ type: 'takeback-accept' });
      const back = await players[offerer].next('taken-back', () => true, 20_000);
      table.acked = back.table.moves;
      table.pending = null;
      counts.takebacks++;
      await players[other].next('taken-back', () => true, 20_000);
      continue;
    }
    const path = game.legal[Math.floor(next() * game.legal.length)]!;
    const text = makeMoveText(board, path);
    const mover = players[turn];
    const watcher = players[opponent(turn)];
    table.pending = [...table.acked, text];
    mover.send({ type: 'move', ply, path: path.map((point) => board.points[point]!.name) });
    const moved = await mover.next('moved', (m) => m.ply === ply, 20_000);
    if (moved.move !== text) throw new Error(`table ${table.id}: ${text} was sent, ${moved.move} acknowledged`);
    table.acked = table.pending;
    table.pending = null;
    counts.moves++;
    await watcher.next('moved', (m) => m.ply === ply, 20_000);
  }
}
