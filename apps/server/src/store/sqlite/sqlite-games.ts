// The finished games in the tables' SQLite file, read-only beside a running server, for the puzzle build.
import { existsSync } from 'node:fs';

import Database from 'libsql';

import { type GameReader, solvedOptions } from '../../puzzles/build/stored-games.js';
import { databasePath } from './sqlite-open.js';

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
