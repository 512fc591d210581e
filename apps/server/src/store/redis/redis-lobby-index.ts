// The lobby's index in Redis, shared by every instance (apps/server/README.md, "The lobby"): a hash per listed
// table, two sorted sets ordered as `GET /api/lobby` lists them, one Lua script per write, and a PUBLISH with each
// write so every instance's live feed updates. It lives in Redis, so a restarted instance rebuilds nothing.
import { LOBBY_LIMIT, LOBBY_WAITING_MS, type LobbyResponse } from '@fg/protocol';
import type { Redis } from 'ioredis';

import { type LobbyEntry, type LobbyIndex, lobbyLists, lobbyProgress } from '../../lobby/lobby-index.js';
import {
  defineScript,
  LOBBY_CHANNEL,
  LOBBY_ENTRY_PREFIX,
  LOBBY_PLAYING_KEY,
  LOBBY_WAITING_KEY,
  type Script,
} from './redis-keys.js';

/** How long a removed (ended) table's mark stays, so a late write of another instance cannot list it again. */
const GONE_MS = 3_600_000;
/** Spectators beyond this share one rank in `playing` (the score must stay an exact double). */
const MAX_RANKED_SPECTATORS = 2047;

// KEYS: entry, waiting, playing. ARGV: id, entry JSON, progress, keep ms, channel, list ('waiting' | 'playing' |
// 'none'), score. An ended table's mark, or a newer state already stored, wins over this write.
const PUT = `
local held = redis.call('HMGET', KEYS[1], 'gone', 'progress')
if held[1] or (held[2] and tonumber(held[2]) > tonumber(ARGV[3])) then return 0 end
redis.call('HSET', KEYS[1], 'entry', ARGV[2], 'progress', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if ARGV[6] == 'waiting' then redis.call('ZADD', KEYS[2], ARGV[7], ARGV[1]) end
if ARGV[6] == 'playing' then redis.call('ZADD', KEYS[3], ARGV[7], ARGV[1]) end
redis.call('PUBLISH', ARGV[5], ARGV[1])
return 1`;

// KEYS: entry, waiting, playing. ARGV: id, channel, gone ms.
const REMOVE = `
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'gone', '1')
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('PUBLISH', ARGV[2], ARGV[1])
return 1`;

// KEYS: waiting, playing. ARGV: the waiting score from which tables are too old, how many of each, entry prefix.
// Members whose entry expired (a table nobody touched for the keeping time) are dropped on the way.
const LIST = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], ARGV[1], '+inf')
local out = {}
for k = 1, 2 do
  for _, id in ipairs(redis.call('ZRANGE', KEYS[k], 0, tonumber(ARGV[2]) - 1)) do
    local entry = redis.call('HGET', ARGV[3] .. id, 'entry')
    if entry then out[#out + 1] = entry else redis.call('ZREM', KEYS[k], id) end
  end
end
return out`;

/** Settings of the Redis lobby index. */
export interface RedisLobbyOptions {
  readonly keepMs: number; // an entry not written for this long goes (the store's keeping time)
  readonly onError: (error: unknown, what: string) => void;
}

/** The lobby index in Redis: `redis` is the command connection, `subscriber` the bus's (both the caller's). */
export class RedisLobbyIndex implements LobbyIndex {
  readonly durable = true;
  readonly #redis: Redis;
  readonly #keepMs: number;
  readonly #put: Script;
  readonly #remove: Script;
  readonly #list: Script;
  readonly #listeners = new Set<() => void>();

  constructor(redis: Redis, subscriber: Redis, options: RedisLobbyOptions) {
    this.#redis = redis;
    this.#keepMs = options.keepMs;
    this.#put = defineScript(redis, 'fgLobbyPut', 3, PUT);
    this.#remove = defineScript(redis, 'fgLobbyRemove', 3, REMOVE);
    this.#list = defineScript(redis, 'fgLobbyList', 2, LIST);
    const tell = (): void => {
      for (const listener of this.#listeners) listener();
    };
    subscriber.on('message', (channel: string) => channel === LOBBY_CHANNEL && tell());
    let connected = subscriber.status === 'ready';
    subscriber.on('ready', () => {
      // Back after a lost connection (ioredis subscribes again): writes published meanwhile were missed.
      if (connected) tell();
      connected = true;
    });
    subscriber.subscribe(LOBBY_CHANNEL).catch((error: unknown) => options.onError(error, 'lobby subscribe'));
  }

  async put(entry: LobbyEntry, now: number): Promise<void> {
    let list = 'none';
    let score = 0;
    if (entry.status === 'playing') {
      list = 'playing';
      score = -(Math.min(entry.table.spectators, MAX_RANKED_SPECTATORS) * 2 ** 42 + entry.createdAt);
    } else if (!entry.computer && entry.createdAt > now - LOBBY_WAITING_MS) {
      list = 'waiting';
      score = -entry.createdAt;
    }
    const keys = [LOBBY_ENTRY_PREFIX + entry.id, LOBBY_WAITING_KEY, LOBBY_PLAYING_KEY];
    const json = JSON.stringify(entry);
    await this.#put(...keys, entry.id, json, lobbyProgress(entry), this.#keepMs, LOBBY_CHANNEL, list, String(score));
  }

  async remove(id: string): Promise<void> {
    await this.#remove(LOBBY_ENTRY_PREFIX + id, LOBBY_WAITING_KEY, LOBBY_PLAYING_KEY, id, LOBBY_CHANNEL, GONE_MS);
  }

  async list(now: number): Promise<LobbyResponse> {
    const tooOld = String(-(now - LOBBY_WAITING_MS));
    const texts = (await this.#list(
      LOBBY_WAITING_KEY,
      LOBBY_PLAYING_KEY,
      tooOld,
      LOBBY_LIMIT,
      LOBBY_ENTRY_PREFIX,
    )) as string[];
    return lobbyLists(
      texts.map((text) => JSON.parse(text) as LobbyEntry),
      now,
    );
  }

  async nextExpiry(): Promise<number | null> {
    const [, score] = await this.#redis.zrange(LOBBY_WAITING_KEY, '-1', '-1', 'WITHSCORES');
    return score === undefined ? null : -Number(score) + LOBBY_WAITING_MS;
  }

  watch(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
