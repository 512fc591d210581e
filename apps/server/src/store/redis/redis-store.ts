// The shared store: tables and moves in Redis, a hash per table and a list of its moves. Each write is one Lua
// script, atomic: the append is a compare-and-set on the list's length (the ply), and the script publishes the
// event on the table's channel in the same step, so no instance can store a change the others never hear of.
// Moves go in batches (redis-append-batch.ts), each move still its own compare-and-set.
import type { GameResult, TableOptions } from '@fg/protocol';
import type { Side } from '@fg/rules';
import type { Redis } from 'ioredis';

import type { TableEvent, Takeback } from '../../tables/events.js';
import type { ComputerSeat, StoredCorrespondence, StoredTable, TableStore } from '../../tables/store.js';
import { AppendBatch } from './redis-append-batch.js';
import { defineScript, type Script, tableKeys, UNFINISHED_KEY, WAITING_KEY } from './redis-keys.js';

// KEYS: table, moves, shared, presence, unfinished, times. ARGV: id, result, event, channel, keep ms, ended at (ms),
// ply: the compare-and-set is on the result and the ply, as a move's is.
const FINISH = `
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HEXISTS', KEYS[1], 'result') == 1 then return 0 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[7]) then return 0 end
redis.call('HSET', KEYS[1], 'result', ARGV[2], 'endedAt', ARGV[6])
redis.call('ZREM', KEYS[5], ARGV[1])
for _, i in ipairs({1, 2, 3, 4, 6}) do redis.call('PEXPIRE', KEYS[i], ARGV[5]) end
redis.call('PUBLISH', ARGV[4], ARGV[3])
return 1`;

// KEYS: table, waiting. ARGV: id, side, token hash, event, channel, taken at (ms).
const TAKE_SEAT = `
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3], 'seatedAt:' .. ARGV[2], ARGV[6])
if redis.call('HEXISTS', KEYS[1], 'fox') == 1 and redis.call('HEXISTS', KEYS[1], 'geese') == 1 then
  redis.call('ZREM', KEYS[2], ARGV[1])
end
redis.call('PUBLISH', ARGV[5], ARGV[4])
return 1`;

// KEYS: table, moves, times. ARGV: ply, to, at (ms), event, channel. The takebacks are kept as 'to:at,...'.
const TAKE_BACK = `
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HEXISTS', KEYS[1], 'result') == 1 then return 0 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[1]) then return 0 end
if tonumber(ARGV[2]) == 0 then redis.call('DEL', KEYS[2], KEYS[3])
else
  redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[2]) - 1)
  redis.call('LTRIM', KEYS[3], 0, tonumber(ARGV[2]) - 1)
end
local before = redis.call('HGET', KEYS[1], 'takebacks')
local entry = ARGV[2] .. ':' .. ARGV[3]
redis.call('HSET', KEYS[1], 'takebacks', before and (before .. ',' .. entry) or entry)
redis.call('PUBLISH', ARGV[5], ARGV[4])
return 1`;

// KEYS: table. ARGV: rematch id, event, channel.
const SET_REMATCH = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'rematch', ARGV[1])
redis.call('PUBLISH', ARGV[3], ARGV[2])
return 1`;

// KEYS: table, moves, shared, presence, unfinished, waiting, times. ARGV: id, created before (ms).
const REMOVE_WAITING = `
local t = redis.call('HMGET', KEYS[1], 'fox', 'geese', 'createdAt')
if (t[1] and t[2]) or (t[3] and tonumber(t[3]) >= tonumber(ARGV[2])) then return 0 end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[7])
redis.call('ZREM', KEYS[5], ARGV[1])
redis.call('ZREM', KEYS[6], ARGV[1])
return 1`;

/** Settings of the Redis store. */
export interface RedisStoreOptions {
  readonly instance: string; // the bus's instance id, carried by every event this store publishes
  readonly keepFinishedDays: number; // 30: a table's keys expire this long after its last move or its end
  readonly subscriber?: Redis; // the bus's connection: without it, other instances' moves do not arrive
}

/** A TableStore in Redis; the connection is the caller's (shared with the RedisBus) and closed by it. */
export class RedisStore implements TableStore {
  readonly announcesWrites = true;
  readonly #redis: Redis;
  readonly #instance: string;
  readonly #keepMs: number;
  readonly #appends: AppendBatch;
  readonly #finish: Script;
  readonly #takeSeat: Script;
  readonly #setRematch: Script;
  readonly #takeBack: Script;
  readonly #removeOne: Script;
  readonly #subscriber: Redis | undefined;

  constructor(redis: Redis, options: RedisStoreOptions) {
    this.#redis = redis;
    this.#subscriber = options.subscriber;
    this.#instance = options.instance;
    this.#keepMs = Math.round(options.keepFinishedDays * 86_400_000);
    this.#appends = new AppendBatch(redis, this.#keepMs);
    this.#finish = defineScript(redis, 'fgFinish', 6, FINISH);
    this.#takeSeat = defineScript(redis, 'fgTakeSeat', 2, TAKE_SEAT);
    this.#setRematch = defineScript(redis, 'fgSetRematch', 1, SET_REMATCH);
    this.#takeBack = defineScript(redis, 'fgTakeBack', 3, TAKE_BACK);
    this.#removeOne = defineScript(redis, 'fgRemoveWaiting', 7, REMOVE_WAITING);
  }

  #event(event: TableEvent): string {
    // The origin first, so an instance skips its own events by their prefix, without parsing them.
    return JSON.stringify({ origin: this.#instance, ...event });
  }

  #ownKeys(id: string): string[] {
    const k = tableKeys(id);
    return [k.table, k.moves, k.shared, k.presence, UNFINISHED_KEY, k.times];
  }

  async insertTable(table: StoredTable): Promise<void> {
    const k = tableKeys(table.id);
    const fields: Record<string, string> = {
      variant: table.variant,
      options: JSON.stringify(table.options),
      createdAt: String(table.createdAt),
    };
    if (table.seats.fox !== null) fields.fox = table.seats.fox;
    if (table.seats.geese !== null) fields.geese = table.seats.geese;
    if (table.result) fields.result = JSON.stringify(table.result);
    if (table.rematch) fields.rematch = table.rematch;
    if (table.listed) fields.listed = '1'; // lobby
    if (table.computer) fields.computer = JSON.stringify(table.computer); // computer seat
    if (table.correspondence) fields.correspondence = JSON.stringify(table.correspondence);
    if (table.clock) fields.clock = JSON.stringify(table.clock);
    for (const side of ['fox', 'geese'] as const) {
      const at = table.seatedAt?.[side];
      if (at !== null && at !== undefined) fields[`seatedAt:${side}`] = String(at);
    }
    if (table.endedAt !== null && table.endedAt !== undefined) fields.endedAt = String(table.endedAt);
    const multi = this.#redis.multi().hset(k.table, fields);
    if (table.moves.length > 0) multi.rpush(k.moves, ...table.moves);
    if (table.moveTimes?.length) multi.rpush(k.times, ...table.moveTimes.map(String));
    if (!table.result) multi.zadd(UNFINISHED_KEY, table.createdAt, table.id);
    if (table.seats.fox === null || table.seats.geese === null) multi.zadd(WAITING_KEY, table.createdAt, table.id);
    multi.pexpire(k.table, this.#keepMs);
    if (table.moves.length > 0) multi.pexpire(k.moves, this.#keepMs);
    await exec(multi.exec());
  }

  async loadTable(id: string): Promise<StoredTable | null> {
    const k = tableKeys(id);
    const [fields, moves, times] = await Promise.all([
      this.#redis.hgetall(k.table),
      this.#redis.lrange(k.moves, 0, -1),
      this.#redis.lrange(k.times, 0, -1),
    ]);
    if (fields.variant === undefined) return null;
    const ms = (text: string | undefined): number | null => (text === undefined ? null : Number(text));
    return {
      id,
      variant: fields.variant,
      options: JSON.parse(fields.options ?? '{}') as TableOptions,
      seats: { fox: fields.fox ?? null, geese: fields.geese ?? null },
      moves,
      result: fields.result ? (JSON.parse(fields.result) as GameResult) : null,
      rematch: fields.rematch ?? null,
      createdAt: Number(fields.createdAt),
      clock: fields.clock ? (JSON.parse(fields.clock) as StoredTable['clock']) : null,
      seatedAt: { fox: ms(fields['seatedAt:fox']), geese: ms(fields['seatedAt:geese']) },
      moveTimes: times.map(Number),
      endedAt: ms(fields.endedAt),
      listed: fields.listed === '1',
      computer: fields.computer ? (JSON.parse(fields.computer) as ComputerSeat) : null,
      ...(fields.correspondence ? { correspondence: JSON.parse(fields.correspondence) as StoredCorrespondence } : {}),
      ...(fields.takebacks ? { takebacks: readTakebacks(fields.takebacks) } : {}),
    };
  }

  appendMove(id: string, ply: number, move: string, result: GameResult | null, at = Date.now()): Promise<boolean> {
    // The batch's own promise, not one of an async function resolved with it (two more microtask turns).
    const k = tableKeys(id);
    const event = this.#event({ type: 'moved', ply, move, result, at });
    const resultText = result ? JSON.stringify(result) : '';
    return this.#appends.add({
      keys: [k.table, k.moves, k.shared, k.presence, k.times],
      values: [id, ply, move, resultText, event, k.channel, at],
    });
  }

  async takeSeat(id: string, side: Side, tokenHash: string, at = Date.now()): Promise<boolean> {
    const k = tableKeys(id);
    const ply = await this.#redis.llen(k.moves);
    const event = this.#event({ type: 'seat', ply, side, tokenHash, at });
    return (await this.#takeSeat(k.table, WAITING_KEY, id, side, tokenHash, event, k.channel, at)) === 1;
  }

  async finish(id: string, ply: number, result: GameResult, at = Date.now()): Promise<boolean> {
    const k = tableKeys(id);
    const event = this.#event({ type: 'ended', ply, result, at });
    const args = [id, JSON.stringify(result), event, k.channel, this.#keepMs, at, ply];
    return (await this.#finish(...this.#ownKeys(id), ...args)) === 1;
  }

  async takeBack(id: string, ply: number, to: number, at: number): Promise<boolean> {
    const k = tableKeys(id);
    const event = this.#event({ type: 'taken-back', ply, to, at });
    return (await this.#takeBack(k.table, k.moves, k.times, ply, to, at, event, k.channel)) === 1;
  }

  async setRematch(id: string, rematch: string): Promise<void> {
    const k = tableKeys(id);
    const ply = await this.#redis.llen(k.moves);
    await this.#setRematch(k.table, rematch, this.#event({ type: 'rematch', ply, table: rematch }), k.channel);
  }

  async listUnfinished(): Promise<StoredTable[]> {
    const ids = await this.#redis.zrange(UNFINISHED_KEY, '0', '-1');
    const tables = await Promise.all(ids.map((id) => this.loadTable(id)));
    // A table whose keys expired (untouched for the keeping time) leaves its id behind: drop it here.
    const gone = ids.filter((_, i) => tables[i] === null);
    if (gone.length > 0) await this.#redis.zrem(UNFINISHED_KEY, ...gone);
    return tables.filter((t): t is StoredTable => t !== null && t.result === null);
  }

  async *listFinished(): AsyncIterable<StoredTable> {
    // Every table's main hash (`fg:table:{id}`, no suffix after its tag), a SCAN page at a time.
    let cursor = '0';
    do {
      const [next, keys] = await this.#redis.scan(cursor, 'MATCH', 'fg:table:{*}', 'COUNT', 500);
      cursor = next;
      const ids = keys.filter((key) => key.endsWith('}')).map((key) => key.slice('fg:table:{'.length, -1));
      const tables = await Promise.all(ids.map((id) => this.loadTable(id)));
      for (const table of tables) if (table?.result) yield table;
    } while (cursor !== '0');
  }

  async removeWaiting(createdBefore: number): Promise<string[]> {
    const ids = await this.#redis.zrangebyscore(WAITING_KEY, '-inf', `(${createdBefore}`);
    const removed: string[] = [];
    for (const id of ids) {
      const k = tableKeys(id);
      const keys = [k.table, k.moves, k.shared, k.presence, UNFINISHED_KEY, WAITING_KEY, k.times];
      if ((await this.#removeOne(...keys, id, String(createdBefore))) === 1) removed.push(id);
      else await this.#redis.zrem(WAITING_KEY, id); // seated meanwhile, or already gone
    }
    return removed;
  }

  async readiness(): Promise<{ ready: boolean; reason?: string }> {
    try {
      await this.#redis.ping();
      const listening = this.#subscriber?.status ?? 'ready';
      return listening === 'ready' ? { ready: true } : { ready: false, reason: `redis subscriber ${listening}` };
    } catch (error) {
      return { ready: false, reason: `redis does not answer: ${(error as Error).message}` };
    }
  }

  async close(): Promise<void> {
    // The connection belongs to the backend, which closes it after the bus.
  }
}

/** The stored takebacks, 'to:at,to:at'. */
const readTakebacks = (text: string): Takeback[] =>
  text.split(',').map((entry) => {
    const [to, at] = entry.split(':');
    return { to: Number(to), at: Number(at) };
  });

/** The replies of a MULTI; throws the first command error. */
async function exec(replies: Promise<[Error | null, unknown][] | null>): Promise<void> {
  const done = await replies;
  if (!done) throw new Error('redis transaction aborted');
  for (const [error] of done) if (error) throw error;
}
