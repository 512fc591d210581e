// Puzzles over HTTP (docs/protocol.md, Puzzles): the next puzzle near a rating, one by id, the daily one, a
// pack for offline play, and an attempt, which moves both the player's and the puzzle's Glicko-2 ratings.
import {
  describeIssues,
  NEW_PLAYER_RATING,
  type PuzzleAttemptAnswer,
  puzzleAttemptBodySchema,
  puzzleIdSchema,
  puzzleQuerySchema,
  type PuzzleView,
  rateAttempt,
} from '@fg/protocol';
import type { Puzzle } from '@fg/puzzles';
import type { FastifyInstance } from 'fastify';

import { sendError } from '../http/errors.js';
import type { LogThrottle } from '../http/logger.js';
import { refuseForeignOrigin } from '../http/origin.js';
import type { PuzzleStore } from './puzzle-store.js';

/** Reads one address may make a minute (a player moves on every few seconds at most; a pack is one read). */
const PUZZLE_READS_PER_MINUTE = 120;
/** Attempts one address may send a minute: a player solving fast, or an offline queue sent at once. */
export const PUZZLE_ATTEMPTS_PER_MINUTE = 60;
/** The geese count asked when none is given. */
const DEFAULT_GEESE = 13;
/** Puzzles in an offline pack unless asked otherwise. */
const PACK_SIZE = 20;

/** A stored puzzle as the API sends it. */
function puzzleView(puzzle: Puzzle): PuzzleView {
  return {
    id: puzzle.id,
    variant: 'standard',
    options: { geese: puzzle.geese, sideways: false },
    position: puzzle.position,
    side: puzzle.side,
    line: puzzle.line,
    themes: puzzle.themes,
    rating: puzzle.rating,
    plays: puzzle.plays,
  };
}

/** What the routes need besides the store. */
export interface PuzzleRouteOptions {
  readonly allowedOrigins: readonly string[];
  readonly throttle: LogThrottle;
  readonly now: () => number;
}

const reads = { config: { rateLimit: { max: PUZZLE_READS_PER_MINUTE, timeWindow: 60_000 } } };

type Query = { Querystring: Record<string, string | string[] | undefined> };

/** Registers the puzzle routes. */
export function registerPuzzleRoutes(app: FastifyInstance, store: PuzzleStore, options: PuzzleRouteOptions): void {
  const sameSite = refuseForeignOrigin(options.allowedOrigins, options.throttle);

  app.get<Query>('/api/puzzles/next', reads, async (request, reply) => {
    const query = puzzleQuerySchema.omit({ count: true }).safeParse(request.query);
    if (!query.success) return sendError(reply, 'bad-request', `bad query: ${describeIssues(query.error, 'query')}`);
    const { rating, geese, ...rest } = query.data;
    const puzzle = await store.next({
      ...rest,
      rating: rating ?? NEW_PLAYER_RATING.rating,
      geese: geese ?? DEFAULT_GEESE,
    });
    if (!puzzle) return sendError(reply, 'puzzle-not-found', 'no puzzle fits; try another theme or side');
    return { puzzle: puzzleView(puzzle) };
  });

  // An addition: several puzzles near a rating at once, which the web app keeps for play offline.
  app.get<Query>('/api/puzzles/pack', reads, async (request, reply) => {
    const query = puzzleQuerySchema.safeParse(request.query);
    if (!query.success) return sendError(reply, 'bad-request', `bad query: ${describeIssues(query.error, 'query')}`);
    const { rating, geese, count, ...rest } = query.data;
    const picked = new Map<string, Puzzle>();
    const base = { ...rest, rating: rating ?? NEW_PLAYER_RATING.rating, geese: geese ?? DEFAULT_GEESE };
    while (picked.size < (count ?? PACK_SIZE)) {
      const puzzle = await store.next({ ...base, exclude: [...picked.keys()] });
      if (!puzzle) break;
      picked.set(puzzle.id, puzzle);
    }
    return { puzzles: [...picked.values()].map(puzzleView) };
  });

  // An addition: the puzzle of the day (UTC), the same for everyone.
  app.get<Query>('/api/puzzles/daily', reads, async (request, reply) => {
    const query = puzzleQuerySchema.pick({ geese: true }).safeParse(request.query);
    if (!query.success) return sendError(reply, 'bad-request', `bad query: ${describeIssues(query.error, 'query')}`);
    const day = new Date(options.now()).toISOString().slice(0, 10);
    const puzzle = await store.daily(query.data.geese ?? DEFAULT_GEESE, day);
    if (!puzzle) return sendError(reply, 'puzzle-not-found', 'no puzzles here yet');
    return { day, puzzle: puzzleView(puzzle) };
  });

  app.get<{ Params: { id: string } }>('/api/puzzles/:id', reads, async (request, reply) => {
    const { id } = request.params;
    const puzzle = puzzleIdSchema.safeParse(id).success ? await store.get(id) : null;
    if (!puzzle) return sendError(reply, 'puzzle-not-found', `no puzzle "${id}"`);
    return { puzzle: puzzleView(puzzle) };
  });

  app.post<{ Params: { id: string } }>(
    '/api/puzzles/:id/attempts',
    { onRequest: sameSite, config: { rateLimit: { max: PUZZLE_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!puzzleIdSchema.safeParse(id).success) return sendError(reply, 'puzzle-not-found', `no puzzle "${id}"`);
      const body = puzzleAttemptBodySchema.safeParse(request.body);
      if (!body.success) return sendError(reply, 'bad-request', `bad attempt: ${describeIssues(body.error, 'body')}`);
      const { solved, rating, browser } = body.data;
      let player = rating;
      const outcome = await store.attempt(id, browser ?? null, (puzzle) => {
        const rated = rateAttempt(rating, puzzle.rating, solved);
        player = rated.player;
        return rated.puzzle;
      });
      if (!outcome) return sendError(reply, 'puzzle-not-found', `no puzzle "${id}"`);
      const answer: PuzzleAttemptAnswer = {
        counted: outcome.counted,
        player: outcome.counted ? player : rating,
        puzzle: outcome.puzzle.rating,
        plays: outcome.puzzle.plays,
      };
      return answer;
    },
  );
}
