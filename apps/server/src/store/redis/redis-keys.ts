// The Redis keys of the shared mode, named the way an operator reads them. Every key of one table carries the
// table id as a hash tag ({id}). The scripts also touch keys of all tables (fg:unfinished) and a batch of moves spans
// tables, so the shared mode needs one Redis (a primary, with replicas if wanted), not a Redis Cluster.
import { Redis, type RedisOptions } from 'ioredis';

/** Keys of one table. */
export const tableKeys = (id: string) => ({
  table: `fg:table:{${id}}`, // hash: variant, options, fox, geese, result, rematch, createdAt, clock, seatedAt:*, endedAt
  moves: `fg:table:{${id}}:moves`, // list of move texts, oldest first; its length is the ply
  times: `fg:table:{${id}}:times`, // list of the ms each move was stored at (the clocks are rebuilt from it)
  shared: `fg:table:{${id}}:shared`, // hash: drawOffer, ask:fox, ask:geese (need not outlive a restart)
  presence: `fg:table:{${id}}:presence`, // hash: instance id -> its connections at the table
  channel: `fg:events:{${id}}`, // pub/sub channel of the table's events
});

/** Sorted set of unfinished tables by creation time. */
export const UNFINISHED_KEY = 'fg:unfinished';
/** Sorted set of tables with a free seat by creation time (the waiting-table sweep reads it). */
export const WAITING_KEY = 'fg:waiting';
/** Hash: instance id -> when it last showed a sign of life (ms); also the channel of those signs. */
export const INSTANCES_KEY = 'fg:instances';
/** Prefix of the table event channels, for finding the table id of a message. */
export const CHANNEL_PREFIX = 'fg:events:{';
/** Prefix of lease keys. */
export const LEASE_PREFIX = 'fg:lease:';

/** Lobby: prefix of the hash per listed table (entry JSON, progress); one hash tag, so scripts touch one slot. */
export const LOBBY_ENTRY_PREFIX = 'fg:{lobby}:t:';
/** Listed tables with a free seat, scored by -createdAt (so ZRANGE is newest first, then by id). */
export const LOBBY_WAITING_KEY = 'fg:{lobby}:waiting';
/** Listed tables in play, scored by -(spectators * 2^42 + createdAt): most watched, then newest, then id. */
export const LOBBY_PLAYING_KEY = 'fg:{lobby}:playing';
/** The channel every lobby write publishes on, so every instance updates its live feed. */
export const LOBBY_CHANNEL = 'fg:lobby';
/** Computer seat: the instance that plays the computer at a table holds this key (a lease). */
export const computerLeaseKey = (id: string): string => `fg:computer:${id}`;

/**
 * The script that stores a batch of moves (redis-append-batch.ts). It is sent the moment it is called, not through
 * the auto-pipeline: it already gathers what one call can carry, and waiting behind another pipeline's round trip
 * would only delay every move in it.
 */
export const APPEND_MOVES_COMMAND = 'fgAppendMoves';

/** A Lua script called by name through EVALSHA (ioredis loads it on first use). */
export type Script = (...keysThenArgs: (string | number)[]) => Promise<unknown>;

/** Defines a script on a connection; with `numberOfKeys` null, each call gives the count of its keys first. */
export function defineScript(redis: Redis, name: string, numberOfKeys: number | null, lua: string): Script {
  redis.defineCommand(name, numberOfKeys === null ? { lua } : { numberOfKeys, lua });
  const command = (redis as unknown as Record<string, Script>)[name]!;
  return (...args) => command.apply(redis, args);
}

/**
 * A connection whose calls never hang: a command gets 2 s, is not retried across a reconnect, and a dropped
 * connection is retried every ≤ 1 s for ever (so an instance carries on by itself once Redis is back).
 */
export function connectRedis(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 100, 1_000),
    enableAutoPipelining: true,
    autoPipeliningIgnoredCommands: [APPEND_MOVES_COMMAND],
    ...extra,
  });
}
