// The server's own path without sockets, for the benches that price a move on it: the real services (SQLite store,
// lobby, computer seats, referee, push) in a temporary folder, their authority, and tables of two players and two
// spectators whose members keep nothing. Sockets and frames are the relay's work too (bench/relay.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { randomIndex, seededRandom } from '@fg/engine';
import { makeMoveText, replayRecord } from '@fg/rules';
import Fastify from 'fastify';

import { loadConfig } from '../src/config.js';
import { LogThrottle } from '../src/http/logger.js';
import { openServices } from '../src/services.js';
import type { Authority } from '../src/tables/authority.js';
import type { Member } from '../src/tables/member.js';

/** A table's two players, as members of the authority. */
export interface SeatedTable {
  readonly id: string;
  readonly fox: Member;
  readonly geese: Member;
}

/** A move message as a player sends it. */
export interface MoveMessage {
  readonly type: 'move';
  readonly ply: number;
  readonly path: readonly string[];
}

/**
 * Opens the services on a temporary folder, or on Redis when `redisUrl` is given (Redis mode, as REDIS_URL does);
 * `close` stops them and removes the folder.
 */
export async function openOwnPath(redisUrl?: string): Promise<{ authority: Authority; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'fg-own-path-'));
  const config = loadConfig({
    DATA_DIR: dir,
    PUSH_HOSTS: 'off',
    LOG_LEVEL: 'warn',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const log = Fastify({ logger: { level: 'warn' } }).log;
  const services = await openServices(config, {}, log, new LogThrottle());
  const close = async (): Promise<void> => {
    await services.backend.close();
    services.authority.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { authority: services.authority, close };
}

/** Creates a standard table, takes both seats and joins both players and two spectators. */
export async function seatTable(authority: Authority): Promise<SeatedTable> {
  const created = await authority.createTable({ variant: 'standard', side: 'fox' });
  if (!created.ok) throw new Error(created.error.message);
  const id = created.value.table.id;
  const taken = await authority.takeSeat(id, 'geese');
  if (!taken.ok) throw new Error(taken.error.message);
  const quiet = (): Member => ({ send: () => undefined });
  const table = { id, fox: quiet(), geese: quiet() };
  await authority.join(id, table.fox, created.value.seat.token);
  await authority.join(id, table.geese, taken.value.seat.token);
  await authority.join(id, quiet());
  await authority.join(id, quiet());
  return table;
}

/** A seeded random choice among n (the same games every run). */
export function seededChoice(seed = 1): (n: number) => number {
  const random = seededRandom(seed);
  return (n) => randomIndex(random, n);
}

/** A game of random legal moves to its end, as the players' messages. */
export function randomGame(random: (n: number) => number): MoveMessage[] {
  const moves: string[] = [];
  const messages: MoveMessage[] = [];
  for (;;) {
    const game = replayRecord({ variant: 'standard', moves });
    if (!game.ok) throw new Error(game.error.message);
    if (game.value.legal.length === 0 || game.value.result) return messages;
    const path = game.value.legal[random(game.value.legal.length)]!;
    const { board } = game.value.variant;
    messages.push({ type: 'move', ply: moves.length, path: path.map((p) => board.points[p]!.name) });
    moves.push(makeMoveText(board, path));
  }
}
