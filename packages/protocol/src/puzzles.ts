// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- glicko2 ships no types, and every project that compiles this file needs its declaration
/// <reference path="./glicko2.d.ts" />
// Puzzles on the wire (docs/protocol.md, Puzzles): their themes, the view of a puzzle, the body of an
// attempt and the Glicko-2 update an attempt makes, one game between the player and the puzzle.
import { Glicko2 } from 'glicko2';
import { z } from 'zod';

/** Every theme a puzzle may carry, in the order pages list them. */
export const PUZZLE_THEMES = [
  'jump-chain',
  'fox-trapped',
  'geese-stalemated',
  'quiet-move',
  'sacrifice',
  'endgame',
  'opening',
] as const;
/** A theme's name. */
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

/** A Glicko-2 rating in Glicko's scale. */
export interface PuzzleRating {
  readonly rating: number; // 1500
  readonly deviation: number; // 350: how unsure the rating is
  readonly volatility: number; // 0.06: how much it is expected to move
}

/** A new player's rating (kept in the browser), as lichess starts its players. */
export const NEW_PLAYER_RATING: PuzzleRating = { rating: 1500, deviation: 500, volatility: 0.09 };

/** The bounds a rating is kept in: a deviation never shrinks to nothing nor grows past a new player's. */
const RATING_BOUNDS = {
  rating: [400, 4000],
  deviation: [45, 500],
  volatility: [0.01, 0.2],
} as const;

/** A rating as a client sends it: numbers within the bounds. */
const puzzleRatingSchema = z.strictObject({
  rating: z.number().min(RATING_BOUNDS.rating[0]).max(RATING_BOUNDS.rating[1]),
  deviation: z.number().min(RATING_BOUNDS.deviation[0]).max(RATING_BOUNDS.deviation[1]),
  volatility: z.number().min(RATING_BOUNDS.volatility[0]).max(RATING_BOUNDS.volatility[1]),
});

/** A browser's id for counting an attempt once per puzzle and browser: a nanoid it keeps. */
const browserIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'a browser id');

/** A puzzle id: 8 characters of the URL-safe alphabet. */
export const puzzleIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8}$/, 'a puzzle id');

/** The query of `GET /api/puzzles/next` (and of the offline pack): every field optional. */
export const puzzleQuerySchema = z.strictObject({
  rating: z.coerce.number().min(0).max(5000).optional(), // the player's rating (default a new player's)
  theme: z.enum(PUZZLE_THEMES).optional(),
  side: z.enum(['fox', 'geese']).optional(),
  geese: z.coerce.number().int().min(4).max(17).optional(), // default 13
  browser: browserIdSchema.optional(), // leaves out what this browser has played
  count: z.coerce.number().int().min(1).max(50).optional(), // the pack's size (pack only)
});

/** `POST /api/puzzles/:id/attempts`. */
export const puzzleAttemptBodySchema = z.strictObject({
  solved: z.boolean(),
  rating: puzzleRatingSchema, // the player's rating before the attempt
  browser: browserIdSchema.optional(), // counts the attempt once per puzzle and browser
});
/** An attempt as sent. */
export type PuzzleAttemptBody = z.infer<typeof puzzleAttemptBodySchema>;

/** A puzzle as the API sends it. */
export interface PuzzleView {
  readonly id: string; // 'aB3x_9Qz'
  readonly variant: 'standard';
  readonly options: { readonly geese: number; readonly sideways: false };
  readonly position: string; // position text, the solver to move
  readonly side: 'fox' | 'geese'; // the solver's side
  readonly line: readonly string[]; // move texts: the solver's, the defender's answer, ..., ending on the solver's
  readonly themes: readonly PuzzleTheme[];
  readonly rating: PuzzleRating;
  readonly plays: number; // attempts counted
}

/** The answer to an attempt. */
export interface PuzzleAttemptAnswer {
  readonly counted: boolean; // false: this browser had already played the puzzle; nothing changed
  readonly player: PuzzleRating; // the player's new rating (the one sent when not counted)
  readonly puzzle: PuzzleRating; // the puzzle's rating now
  readonly plays: number;
}

const clamp = (value: number, [low, high]: readonly [number, number]): number => Math.min(high, Math.max(low, value));

/** Keeps a rating within RATING_BOUNDS. */
function bounded(rating: PuzzleRating): PuzzleRating {
  return {
    rating: clamp(rating.rating, RATING_BOUNDS.rating),
    deviation: clamp(rating.deviation, RATING_BOUNDS.deviation),
    volatility: clamp(rating.volatility, RATING_BOUNDS.volatility),
  };
}

/** The system constant: how much volatility may change (Glickman suggests 0.3-1.2; glicko2's default). */
const TAU = 0.5;

/** A player's rating after one rating period of games: each against an opponent, scored 1, 0.5 or 0. */
export function ratePeriod(
  player: PuzzleRating,
  games: readonly { readonly opponent: PuzzleRating; readonly score: number }[],
): PuzzleRating {
  const ranking = new Glicko2({ tau: TAU });
  const make = (r: PuzzleRating) => ranking.makePlayer(r.rating, r.deviation, r.volatility);
  const rated = make(player);
  ranking.updateRatings(games.map(({ opponent, score }) => [rated, make(opponent), score]));
  return bounded({ rating: rated.getRating(), deviation: rated.getRd(), volatility: rated.getVol() });
}

/**
 * The ratings after one attempt: a rating period of one game between the player and the puzzle, the
 * player winning when it solved it (as lichess rates puzzles); both move, within RATING_BOUNDS.
 */
export function rateAttempt(
  player: PuzzleRating,
  puzzle: PuzzleRating,
  solved: boolean,
): { player: PuzzleRating; puzzle: PuzzleRating } {
  return {
    player: ratePeriod(player, [{ opponent: puzzle, score: solved ? 1 : 0 }]),
    puzzle: ratePeriod(puzzle, [{ opponent: player, score: solved ? 0 : 1 }]),
  };
}
