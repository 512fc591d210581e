// The explorer's index in Redis, shared by every instance: one hash per position, `fg:explorer:<key>`, with a field
// `<pool>|<move>|<ending>` per count (the move '' counts the games that reached the position), and the set of the
// games added (`fg:explorer:games`). One script adds a game, so two instances that both index an ending count it once.
import type { Redis } from 'ioredis';

import {
  added,
  type Ending,
  type ExplorerIndex,
  type IndexedGame,
  NO_GAMES,
  type Pool,
  type PositionCounts,
  type Tally,
} from '../../explorer/explorer-index.js';
import { defineScript, type Script } from './redis-keys.js';

/** The set of table ids already counted. */
const GAMES_KEY = 'fg:explorer:games';
/** The hash of one position's counts. */
const positionHash = (position: string): string => `fg:explorer:${position}`;

// KEYS[1] the games set, KEYS[2..] the positions' hashes. ARGV id, pool, ending, then per position its moves joined
// by newlines. Returns 1 when the game was added, 0 when it had been.
const ADD = `
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then return 0 end
local pool, ending = ARGV[2], ARGV[3]
for i = 2, #KEYS do
  redis.call('HINCRBY', KEYS[i], pool .. '||' .. ending, 1)
  for move in string.gmatch(ARGV[i + 2], '[^\\n]+') do
    redis.call('HINCRBY', KEYS[i], pool .. '|' .. move .. '|' .. ending, 1)
  end
end
return 1
`;

/** ExplorerIndex in Redis. */
export class RedisExplorerIndex implements ExplorerIndex {
  readonly #redis: Redis;
  readonly #add: Script;

  constructor(redis: Redis) {
    this.#redis = redis;
    this.#add = defineScript(redis, 'fgExplorerAdd', null, ADD);
  }

  async add(game: IndexedGame): Promise<boolean> {
    const keys = [GAMES_KEY, ...[...game.positions.keys()].map(positionHash)];
    const moves = [...game.positions.values()].map((list) => list.join('\n'));
    return (await this.#add(keys.length, ...keys, game.id, game.pool, game.ending, ...moves)) === 1;
  }

  async counts(position: string, pools: readonly Pool[]): Promise<PositionCounts> {
    const fields = await this.#redis.hgetall(positionHash(position));
    let games: Tally = NO_GAMES;
    const moves = new Map<string, Tally>();
    for (const [field, value] of Object.entries(fields)) {
      const [pool, move, ending] = field.split('|') as [Pool, string, Ending];
      if (!pools.includes(pool)) continue;
      const tally = { ...NO_GAMES, [ending]: Number(value) };
      if (move === '') games = added(games, tally);
      else moves.set(move, added(moves.get(move) ?? NO_GAMES, tally));
    }
    return { games, moves };
  }
}
