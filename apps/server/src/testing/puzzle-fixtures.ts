// Puzzles for tests of the store, the routes and the page: hand-made and right (each checked against a
// test table in packages/puzzles), so nothing here needs a solution table.
import type { Puzzle } from '@fg/puzzles';

import { SqlitePuzzleStore } from '../store/sqlite/sqlite-puzzles.js';

/** A puzzle with fields as given; the rest from a geese puzzle of the 7-geese test table. */
export function storedPuzzle(id: string, fields: Partial<Puzzle> = {}): Puzzle {
  return {
    id,
    geese: 13,
    position: 'fox:e7 geese:c4,c5,d5,e5,c6,d6,c7 turn:geese quiet:0',
    side: 'geese',
    line: ['d5-e6', 'e7-d7', 'c4-d5', 'd7-e7', 'c6-d7'],
    themes: ['fox-trapped', 'quiet-move', 'endgame'],
    ply: null,
    source: { kind: 'self-play', id: '1' },
    missedBy: [1, 2],
    level8Missed: false,
    rating: { rating: 1500, deviation: 300, volatility: 0.09 },
    plays: 0,
    ...fields,
  };
}

/** A fox puzzle of the 7-geese test table: the fox's only escape. */
export const FOX_PUZZLE = storedPuzzle('foxPzl01', {
  position: 'fox:a4 geese:a3,b3,c3,d3,b4,c4,c5 turn:fox quiet:0',
  side: 'fox',
  line: ['a4-b5'],
  themes: ['quiet-move', 'endgame'],
  missedBy: [],
});

/** Stores puzzles in a data folder's puzzles.sqlite (the page's browser test starts a server on it). */
export async function seedPuzzles(dataDir: string, puzzles: readonly Puzzle[]): Promise<void> {
  const store = new SqlitePuzzleStore(dataDir);
  try {
    await store.add(puzzles);
  } finally {
    await store.close();
  }
}
