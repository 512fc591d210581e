// The explorer's index in Redis, shared by every instance: one hash per position, `fg:explorer:p:<key>`, with one
// field per move played from it (the field '' counts the games that reached it) whose value is its six counts, people's
// fox, geese and draws then the computer's, separated by spaces with trailing zeros left off ("1" is one game of
// people the fox won), so a read is one HGETALL and nothing is summed at query time. The set `fg:explorer:counted`
// holds the games added; one script adds a game, so two instances that both index an ending count it once. (The
// first layout, a field per pool, move and ending under `fg:explorer:<key>`, is not read: `pnpm explorer-backfill`
// rebuilds the counts from the stored games.)
import type { Redis } from 'ioredis';

import {
  added,
  type ExplorerIndex,
  type IndexedGame,
  NO_GAMES,
  type Pool,
  type PositionCounts,
  type Tally,
} from '../../explorer/explorer-index.js';
import { defineScript, type Script } from './redis-keys.js';

/** The set of table ids already counted. */
const GAMES_KEY = 'fg:explorer:counted';
/** The hash of one position's counts. */
const positionHash = (position: string): string => `fg:explorer:p:${position}`;
/** The script's name, on the connection and on its pipelines. */
const ADD_COMMAND = 'fgExplorerAdd';
/**
 * Games a pipeline of the backfill carries: each script touches every position of its game, and the last script of a
 * pipeline must be answered within the 2 s command timeout even on a loaded machine.
 */
const GAMES_A_PIPELINE = 20;
/** Tries of one pipeline: adding is idempotent (the games set), so a pipeline that timed out is simply sent again. */
const PIPELINE_TRIES = 5;

// KEYS[1] the games set, KEYS[2..] the positions' hashes. ARGV id, the count's slot (1-6), then per position its
// moves joined by newlines. Returns 1 when the game was added, 0 when it had been.
const ADD = `
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then return 0 end
local slot = tonumber(ARGV[2])
local function bump(key, field)
  local counts, n = {0, 0, 0, 0, 0, 0}, 1
  local old = redis.call('HGET', key, field)
  if old then
    for count in string.gmatch(old, '%d+') do counts[n] = tonumber(count); n = n + 1 end
  end
  counts[slot] = counts[slot] + 1
  local last = 6
  while last > 1 and counts[last] == 0 do last = last - 1 end
  redis.call('HSET', key, field, table.concat(counts, ' ', 1, last))
end
for i = 2, #KEYS do
  bump(KEYS[i], '')
  for move in string.gmatch(ARGV[i + 1], '[^\\n]+') do bump(KEYS[i], move) end
end
return 1
`;

/** The slot (1-6) of a game's count in a field's value. */
const slotOf = (game: IndexedGame): number =>
  (game.pool === 'people' ? 1 : 4) + ['fox', 'geese', 'draws'].indexOf(game.ending);

/** The script's keys and arguments for one game. */
function addArguments(game: IndexedGame): (string | number)[] {
  const keys = [GAMES_KEY, ...[...game.positions.keys()].map(positionHash)];
  const moves = [...game.positions.values()].map((list) => list.join('\n'));
  return [keys.length, ...keys, game.id, slotOf(game), ...moves];
}

/** A field's value as its six counts. */
function countsOf(value: string): number[] {
  const counts = value.split(' ').map(Number);
  while (counts.length < 6) counts.push(0);
  return counts;
}

/** ExplorerIndex in Redis. */
export class RedisExplorerIndex implements ExplorerIndex {
  readonly #redis: Redis;
  readonly #add: Script;

  constructor(redis: Redis) {
    this.#redis = redis;
    this.#add = defineScript(redis, ADD_COMMAND, null, ADD);
  }

  async add(game: IndexedGame): Promise<boolean> {
    return (await this.#add(...addArguments(game))) === 1;
  }

  async addAll(games: readonly IndexedGame[]): Promise<number> {
    let counted = 0;
    for (let from = 0; from < games.length; from += GAMES_A_PIPELINE) {
      counted += await this.#addPipelined(games.slice(from, from + GAMES_A_PIPELINE));
    }
    return counted;
  }

  /** Adds a few games in one pipeline, again after a timeout; how many were new. */
  async #addPipelined(games: readonly IndexedGame[]): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const pipeline = this.#redis.pipeline() as unknown as Record<string, (...args: unknown[]) => unknown> & {
        exec(): Promise<[Error | null, unknown][] | null>;
      };
      for (const game of games) pipeline[ADD_COMMAND]!(...addArguments(game));
      try {
        let counted = 0;
        for (const [error, value] of (await pipeline.exec()) ?? []) {
          if (error) throw error;
          if (value === 1) counted++;
        }
        return counted;
      } catch (error) {
        // A game a timed-out try did add answers 0 the next time: it is counted once in Redis, not in this total.
        if (attempt >= PIPELINE_TRIES || !/timed out/i.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }

  async counts(position: string, pools: readonly Pool[]): Promise<PositionCounts> {
    const fields = await this.#redis.hgetall(positionHash(position));
    const people = pools.includes('people');
    const computer = pools.includes('computer');
    let games: Tally = NO_GAMES;
    const moves = new Map<string, Tally>();
    for (const [move, value] of Object.entries(fields)) {
      const [pf, pg, pd, cf, cg, cd] = countsOf(value) as [number, number, number, number, number, number];
      let tally = NO_GAMES;
      if (people) tally = added(tally, { fox: pf, geese: pg, draws: pd });
      if (computer) tally = added(tally, { fox: cf, geese: cg, draws: cd });
      if (move === '') games = tally;
      else moves.set(move, tally);
    }
    return { games, moves };
  }
}
