// The finished games stored on the server, the first source of puzzle positions. The readers (SQLite's file,
// Redis) live in store/; they yield games in id order after a cursor, so a resumed build goes on where it stopped.
import type { Position } from '@fg/rules';

/** A finished game as the build reads it. */
export interface StoredGame {
  readonly id: string;
  readonly start?: Position; // where the game began, when not at the variant's start
  readonly moves: readonly string[];
}

/** Where finished games come from. */
export type GameReader = (after: string) => AsyncIterable<StoredGame>;

/** Whether a table's variant and options are the solved ones: standard, `geese`, no sideways moves. */
export function solvedOptions(variant: string, options: string, geese: number): boolean {
  if (variant !== 'standard') return false;
  const parsed = JSON.parse(options) as { geese?: number; sideways?: boolean };
  return (parsed.geese ?? 13) === geese && !parsed.sideways;
}
