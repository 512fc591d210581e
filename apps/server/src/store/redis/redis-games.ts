// The finished games Redis keeps, for the puzzle build.
import type { Redis } from 'ioredis';

import { type GameReader, solvedOptions } from '../../puzzles/build/stored-games.js';

/** The finished games Redis still keeps (KEEP_FINISHED_DAYS), read by scanning the tables' hashes. */
export function redisGames(redis: Redis, geese: number): GameReader {
  return async function* (after) {
    const ids: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', 'fg:table:{*}', 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const id = /^fg:table:\{([A-Za-z0-9_-]+)\}$/.exec(key)?.[1];
        if (id && id > after) ids.push(id);
      }
    } while (cursor !== '0');
    ids.sort();
    for (const id of ids) {
      const [variant, options, result] = await redis.hmget(`fg:table:{${id}}`, 'variant', 'options', 'result');
      if (!variant || !options || !result || !solvedOptions(variant, options, geese)) continue;
      yield { id, moves: await redis.lrange(`fg:table:{${id}}:moves`, 0, -1) };
    }
  };
}
