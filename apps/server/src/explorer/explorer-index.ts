// The explorer's index (docs/protocol.md "The explorer"): for each position reached in finished games, how many games
// reached it and how often each move was played from it, with how those games ended; games against the computer
// kept apart. A port: SQLite and Redis implement it (store/), each adding a game at most once (by its table id), so
// an ending told twice, or a backfill over games already counted, counts nothing twice.
import { formatOptions, type Game, makeMoveText, positionKey, replayRecord, type Variant } from '@fg/rules';

import type { StoredTable } from '../tables/store.js';

/** Whom a game was played between: two people, or a person and the computer. */
export type Pool = 'people' | 'computer';

/** Every pool, in the order a query that asks for all of them sums them. */
export const POOLS: readonly Pool[] = ['people', 'computer'];

/** How a game ended, as the explorer counts it. */
type Ending = 'fox' | 'geese' | 'draws';

/** Games counted by how they ended. */
export interface Tally {
  readonly fox: number;
  readonly geese: number;
  readonly draws: number;
}

/** One position's counts: the games that reached it, and per move played from it the games that played it. */
export interface PositionCounts {
  readonly games: Tally;
  readonly moves: ReadonlyMap<string, Tally>;
}

/** A finished game as the index adds it: each position it reached, and the move played from it (none at the end). */
export interface IndexedGame {
  readonly id: string; // the table id: a game is added once
  readonly pool: Pool;
  readonly ending: Ending;
  /** Every position reached (its explorer key), once, with the moves played from it in this game. */
  readonly positions: ReadonlyMap<string, readonly string[]>;
}

/** The explorer's counts, kept by a store. */
export interface ExplorerIndex {
  /** Adds a finished game's positions and moves; false (and nothing changes) when it was added before. */
  add(game: IndexedGame): Promise<boolean>;
  /** Adds many games at once (the backfill's batches); resolves with how many of them were new. */
  addAll(games: readonly IndexedGame[]): Promise<number>;
  /** The counts of one position (an explorer key), summed over the pools asked. */
  counts(position: string, pools: readonly Pool[]): Promise<PositionCounts>;
}

export const NO_GAMES: Tally = { fox: 0, geese: 0, draws: 0 };

/** The total of a tally. */
export const total = (t: Tally): number => t.fox + t.geese + t.draws;

/** A tally plus one game of an ending, or plus another tally. */
export function added(t: Tally, more: Tally): Tally {
  return { fox: t.fox + more.fox, geese: t.geese + more.geese, draws: t.draws + more.draws };
}

/**
 * The key of a position in the index: the variant, its options and the position's pieces and side to move (not the
 * move order that reached it, nor the quiet-move count), so transpositions meet. Printable, so Redis keys and SQLite
 * rows read plainly.
 */
export function explorerKey(variant: Variant, position: Game['position']): string {
  return keyPrefix(variant) + keyCells(positionKey(position));
}

/** What every key of a variant's positions begins with: the variant and its options. */
const keyPrefix = (variant: Variant): string => `${variant.id} ${formatOptions(variant.options)} `;

/** A position's part of its key, from its `positionKey`. */
const keyCells = (positionKey: string): string => Buffer.from(positionKey, 'latin1').toString('base64url');

/** The ending the explorer counts for a result: its winner, or a draw. */
const endingOf = (winner: 'fox' | 'geese' | null): Ending => winner ?? 'draws';

/**
 * A stored table as the index adds it, or null for one it leaves out: unfinished, aborted, without a move, or whose
 * moves no longer replay (a record from an older ruleset). `played` is the table's game when the caller holds it
 * (the table that just ended): its moves are not replayed again through the rules.
 */
export function indexedGame(stored: StoredTable, played?: Game): IndexedGame | null {
  const { result } = stored;
  if (!result || result.reason === 'aborted' || stored.moves.length === 0) return null;
  const game = played?.moves.length === stored.moves.length ? played : replayed(stored);
  if (!game) return null;
  const { variant } = game;
  const prefix = keyPrefix(variant);
  const positions = new Map<string, string[]>();
  // The game keeps every position's positionKey, the start's first, so no move is applied again here.
  for (let ply = 0; ply <= game.moves.length; ply++) {
    const key = prefix + keyCells(game.keys[ply]!);
    const moves = positions.get(key) ?? [];
    positions.set(key, moves);
    if (ply === game.moves.length) break;
    const move = makeMoveText(variant.board, game.moves[ply]!);
    if (!moves.includes(move)) moves.push(move);
  }
  return { id: stored.id, pool: stored.computer ? 'computer' : 'people', ending: endingOf(result.winner), positions };
}

/** A stored table's game replayed through the rules, or null if its moves no longer replay. */
function replayed(stored: StoredTable): Game | null {
  const game = replayRecord({ variant: stored.variant, options: stored.options, moves: stored.moves });
  return game.ok ? game.value : null;
}
