// `GET /api/explorer/:variant` (docs/protocol.md "The explorer"): every legal move of a position with how often it
// was played from there in this server's finished games and how those games ended, and its exact verdict where the
// server has the solution.
import {
  applyMove,
  generateMoves,
  makeMoveText,
  parsePosition,
  positionOutcome,
  type Side,
  startPosition,
} from '@fg/rules';
import type { FastifyInstance } from 'fastify';

import { sendError } from '../http/errors.js';
import { variantFrom } from '../solution/solution-routes.js';
import type { Solutions } from '../solution/solutions.js';
import { type ExplorerIndex, explorerKey, NO_GAMES, type Pool, POOLS, total } from './explorer-index.js';

/** Reads one address may make a minute: the explorer page asks once a position shown. */
const EXPLORER_READS_PER_MINUTE = 600;

/** The pools each value of `players=` asks for. */
const PLAYERS: Readonly<Record<string, readonly Pool[]>> = { people: ['people'], computer: ['computer'], all: POOLS };

/** One move's line of the answer. */
interface ExplorerMove {
  readonly move: string;
  readonly games: number;
  readonly fox: number;
  readonly geese: number;
  readonly draws: number;
  readonly winner?: Side | null; // the perfect-play winner after it, where the server has the solution
}

type ExplorerRequest = { Params: { variant: string }; Querystring: Record<string, string | string[] | undefined> };

/** Registers the explorer's route. */
export function registerExplorerRoutes(app: FastifyInstance, index: ExplorerIndex, solutions: Solutions): void {
  const limit = { config: { rateLimit: { max: EXPLORER_READS_PER_MINUTE, timeWindow: 60_000 } } };
  app.get<ExplorerRequest>('/api/explorer/:variant', limit, async (request, reply) => {
    const { position: text, players = 'all', ...rest } = request.query;
    if (Array.isArray(text) || Array.isArray(players))
      return sendError(reply, 'bad-request', 'expected at most one ?position= and one ?players=');
    const pools = PLAYERS[players];
    if (!pools) return sendError(reply, 'bad-request', `bad players "${players}"; expected people, computer or all`);
    const variant = variantFrom(request.params.variant, rest);
    if (!variant.ok) return sendError(reply, variant.error.code, variant.error.message);
    const parsed = text === undefined ? null : parsePosition(variant.value, text);
    if (parsed && !parsed.ok) return sendError(reply, 'bad-request', `bad position: ${parsed.error.message}`);
    const position = parsed ? parsed.value : startPosition(variant.value);
    const counts = await index.counts(explorerKey(variant.value, position), pools);
    const solution = solutions.for(variant.value);
    const moves: ExplorerMove[] = [];
    for (const path of generateMoves(variant.value, position)) {
      const move = makeMoveText(variant.value.board, path);
      const tally = counts.moves.get(move) ?? NO_GAMES;
      const line: ExplorerMove = { move, games: total(tally), ...tally };
      if (!solution) {
        moves.push(line);
        continue;
      }
      const after = applyMove(variant.value, position, path);
      const ended = positionOutcome(variant.value, after);
      const winner = ended ? ended.winner : solution.covers(after) ? solution.winner(after) : undefined;
      moves.push(winner === undefined ? line : { ...line, winner });
    }
    // The most played first; unplayed moves after, in the rules' order.
    moves.sort((a, b) => b.games - a.games);
    return { games: total(counts.games), moves };
  });
}
