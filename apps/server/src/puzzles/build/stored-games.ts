// The finished games stored on the server, the first source of puzzle positions: read from the tables'
// SQLite file (read-only, beside a running server) or from Redis, in id order after a cursor, so a resumed
// build goes on where it stopped. Only standard games with the table's options count.
import { existsSync } from 'node:fs';

import type { Position } from '@fg/rules';
import type { Redis } from 'ioredis';
import Database from 'libsql';

import { databasePath } from '../../store/sqlite/sqlite-open.js';

/** A finished game as the build reads it. */
export interface StoredGame {
  readonly id: string;
  readonly start?: Position; // where the game began, when not at the variant's start
  readonly moves: readonly string[];
}

/** Where finished games come from. */
export type GameReader = (after: string) => AsyncIterable<StoredGame>;

/** Whether a table's variant and options are the solved ones: standard, `geese`, no sideways moves. */
function solvedOptions(variant: string, options: string, geese: number): boolean {
  if (variant !== 'standard') return false;
  const parsed = JSON.parse(options) as { geese?: number; sideways?: boolean };
  return (parsed.geese ?? 13) === geese && !parsed.sideways;
}

/** The finished games in the SQLite file of a data folder (none when there is no file). */
export function sqliteGames(dataDir: string, geese: number): GameReader {
  return async function* (after) {
    const path = databasePath(dataDir);
    if (dataDir === ':memory:' || !existsSync(path)) return;
    const db = new Database(path, { readonly: true });
    try {
      const tables = db.prepare<[string]>(
        'SELECT id, variant, options FROM tables WHERE result IS NOT NULL AND id > ? ORDER BY id',
      );
      const moves = db.prepare<[string]>('SELECT move FROM moves WHERE table_id = ? ORDER BY ply');
      for (const row of tables.all(after) as { id: string; variant: string; options: string }[]) {
        if (!solvedOptions(row.variant, row.options, geese)) continue;
        yield { id: row.id, moves: (moves.all(row.id) as { move: string }[]).map((m) => m.move) };
      }
    } finally {
      db.close();
    }
  };
}

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
