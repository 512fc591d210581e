// "The solution" (docs/protocol.md): `GET /api/solution/:variant` (one position's verdict) and
// `GET /api/tables/:id/verdicts` (every position of a game), answered from the tables installed; and the additions
// `GET /api/solution/status` (what is installed, the background build), `GET /api/tablebase/:variant` (lichess's
// tablebase shape, for bots and other sites) and `GET /api/solution/:variant/game` (the facts of a game's review).
import { createReadStream, statSync } from 'node:fs';

import { gameOutcomes, NotCovered, tableIdSchema } from '@fg/protocol';
import {
  getVariant,
  newGame,
  type OptionValue,
  parsePosition,
  playMoveText,
  replayRecord,
  type Variant,
} from '@fg/rules';
import { compactPath } from '@fg/solver';
import type { FastifyInstance } from 'fastify';

import { sendError } from '../http/errors.js';
import { type Answer, done, refuse } from '../tables/answer.js';
import type { Authority } from '../tables/authority.js';
import type { BackgroundBuild } from './background-build.js';
import type { Solutions } from './solutions.js';
import { tablebaseAnswer } from './tablebase.js';
import { gameVerdicts, positionVerdict } from './verdicts.js';

/** Reads one address may make a minute of each route: an analysis board asks once a move shown. */
export const SOLUTION_READS_PER_MINUTE = 600;

/** Tablebase reads one address may make a minute: a bot probing every move of its games has room, a crawler not. */
export const TABLEBASE_READS_PER_MINUTE = 300;
/** Status reads one address may make a minute: a page polls it every few seconds while a build runs. */
const STATUS_READS_PER_MINUTE = 120;
/** Downloads of the table one address may start a minute: tens of megabytes each. */
export const TABLE_DOWNLOADS_PER_MINUTE = 10;

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });
const limit = perMinute(SOLUTION_READS_PER_MINUTE);
/** The longest game the facts are computed for (a real game is far shorter; each move costs table reads). */
const MAX_GAME_MOVES = 600;

type SolutionRequest = { Params: { variant: string }; Querystring: Record<string, string | string[] | undefined> };

/** Registers the solution's routes. */
export function registerSolutionRoutes(
  app: FastifyInstance,
  authority: Authority,
  solutions: Solutions,
  build: Pick<BackgroundBuild, 'status'>,
): void {
  app.get('/api/solution/status', perMinute(STATUS_READS_PER_MINUTE), async () => ({
    solved: solutions.solvedOptions('standard'),
    build: build.status(),
    download: publicOffer(downloadOffer(solutions.dir)),
  }));

  // The compact table's file, for the browser to keep (docs/solution.md "In the browser").
  app.get<SolutionRequest>(
    '/api/solution/:variant/table',
    perMinute(TABLE_DOWNLOADS_PER_MINUTE),
    async (request, reply) => {
      const offer = request.params.variant === 'standard' ? downloadOffer(solutions.dir) : null;
      const { geese = String(offer?.geese ?? DOWNLOAD_GEESE), ...rest } = request.query;
      if (Object.keys(rest).length > 0 || typeof geese !== 'string' || !/^\d+$/.test(geese))
        return sendError(reply, 'bad-request', 'expected at most ?geese=13');
      if (!offer || offer.geese !== Number(geese))
        return sendError(reply, 'not-solved', `no compact table of ${request.params.variant} with ${geese} geese here`);
      const etag = `"${offer.bytes}-${Math.round(offer.modifiedMs)}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .type('application/octet-stream')
        .header('content-length', offer.bytes)
        .header('content-disposition', `attachment; filename="standard-${offer.geese}.fgc"`)
        .send(createReadStream(offer.path));
    },
  );

  app.get<SolutionRequest>('/api/tablebase/:variant', perMinute(TABLEBASE_READS_PER_MINUTE), async (request, reply) => {
    const { position: text, ...rest } = request.query;
    const variant = variantFrom(request.params.variant, rest);
    if (!variant.ok) return sendError(reply, variant.error.code, variant.error.message);
    if (typeof text !== 'string') return sendError(reply, 'bad-request', 'expected one ?position=<position text>');
    const solution = solutions.for(variant.value);
    if (!solution) return sendError(reply, 'not-solved', notSolved(variant.value, solutions));
    const position = parsePosition(variant.value, text);
    if (!position.ok) return sendError(reply, 'bad-request', `bad position: ${position.error.message}`);
    const answer = tablebaseAnswer(solution, variant.value, position.value);
    if (!answer.ok) return sendError(reply, answer.error.code, answer.error.message);
    return answer.value;
  });

  app.get<SolutionRequest>('/api/solution/:variant', limit, async (request, reply) => {
    const { position: text, ...rest } = request.query;
    const variant = variantFrom(request.params.variant, rest);
    if (!variant.ok) return sendError(reply, variant.error.code, variant.error.message);
    const solution = solutions.for(variant.value);
    if (!solution) return sendError(reply, 'not-solved', notSolved(variant.value, solutions));
    if (typeof text !== 'string') return sendError(reply, 'bad-request', 'expected one ?position=<position text>');
    const position = parsePosition(variant.value, text);
    // The rules refuse more geese than the options start with, too.
    if (!position.ok) return sendError(reply, 'bad-request', `bad position: ${position.error.message}`);
    const verdict = positionVerdict(solution, position.value);
    if (!verdict.ok) return sendError(reply, verdict.error.code, verdict.error.message);
    const { winner, keep, exact } = verdict.value;
    // With sideways moves, whether the fifty-move rule could change the answer.
    return exact === undefined ? { winner, keep } : { winner, keep, exact };
  });

  app.get<SolutionRequest>('/api/solution/:variant/game', limit, async (request, reply) => {
    const { position: text, moves: list, ...rest } = request.query;
    const variant = variantFrom(request.params.variant, rest);
    if (!variant.ok) return sendError(reply, variant.error.code, variant.error.message);
    const solution = solutions.for(variant.value);
    if (!solution) return sendError(reply, 'not-solved', notSolved(variant.value, solutions));
    if (Array.isArray(text) || Array.isArray(list))
      return sendError(reply, 'bad-request', 'expected at most one ?position= and one ?moves=');
    const start = text ? parsePosition(variant.value, text) : null;
    if (start && !start.ok) return sendError(reply, 'bad-request', `bad position: ${start.error.message}`);
    let game = newGame(variant.value, start?.value);
    const moves = list ? list.split(',') : [];
    if (moves.length > MAX_GAME_MOVES)
      return sendError(reply, 'bad-request', `at most ${MAX_GAME_MOVES} moves; got ${moves.length}`);
    for (const [i, move] of moves.entries()) {
      const played = playMoveText(game, move);
      if (!played.ok) return sendError(reply, 'bad-request', `move ${i + 1} "${move}": ${played.error.message}`);
      game = played.value;
    }
    const verdictOf = (position: Parameters<typeof solution.verdict>[0]) =>
      solution.covers(position) ? solution.verdict(position) : null;
    try {
      return await gameOutcomes(game, verdictOf);
    } catch (error) {
      if (!(error instanceof NotCovered)) throw error;
      return sendError(
        reply,
        'not-solved',
        `the table installed here answers positions with at most ${solution.maxGeese} geese`,
      );
    }
  });

  app.get<{ Params: { id: string } }>('/api/tables/:id/verdicts', limit, async (request, reply) => {
    const { id } = request.params;
    const found = tableIdSchema.safeParse(id).success ? await authority.record(id) : null;
    if (!found) return sendError(reply, 'table-not-found', `no table "${id}"`);
    const game = replayRecord(found.record);
    if (!game.ok) throw new Error(`table ${id}: ${game.error.message}`); // the authority only keeps tables that replay
    const solution = solutions.for(game.value.variant);
    if (!solution) return sendError(reply, 'not-solved', notSolved(game.value.variant, solutions));
    const verdicts = gameVerdicts(solution, game.value);
    if (!verdicts.ok) return sendError(reply, verdicts.error.code, verdicts.error.message);
    return { verdicts: verdicts.value };
  });
}

/** The geese count of the table offered to browsers: the standard game's. */
const DOWNLOAD_GEESE = 13;

/** The compact 13-geese table a browser may download, when one is installed (GET /api/solution/status `download`). */
function downloadOffer(
  dir: string,
): { geese: number; bytes: number; url: string; path: string; modifiedMs: number } | null {
  const path = compactPath(dir, DOWNLOAD_GEESE);
  try {
    const stat = statSync(path);
    return {
      geese: DOWNLOAD_GEESE,
      bytes: stat.size,
      url: `/api/solution/standard/table?geese=${DOWNLOAD_GEESE}`,
      path,
      modifiedMs: stat.mtimeMs,
    };
  } catch {
    return null;
  }
}

/** What the status tells a browser of the offer: its size and address, never the file's path on the server. */
const publicOffer = (offer: ReturnType<typeof downloadOffer>) =>
  offer && { geese: offer.geese, bytes: offer.bytes, url: offer.url };

/** The refusal's words: which options are solved here. */
function notSolved(variant: Variant, solutions: Solutions): string {
  return `no solution table for ${variant.id} ${JSON.stringify(variant.options)}; solved here: ${solutions.describe()}`;
}

/** The variant with the options of the query (`geese=13&sideways=false`); anything else answers `bad-request`. */
export function variantFrom(
  id: string,
  query: Record<string, string | string[] | undefined>,
): Answer<Variant, 'bad-request'> {
  const options: Record<string, OptionValue> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (typeof raw !== 'string') return refuse('bad-request', `expected one value of "${name}"`);
    const value = raw === 'true' ? true : raw === 'false' ? false : /^\d+$/.test(raw) ? Number(raw) : null;
    if (value === null)
      return refuse('bad-request', `bad value "${raw}" of "${name}"; expected a number, true or false`);
    options[name] = value;
  }
  const variant = getVariant(id, options);
  return variant.ok ? done(variant.value) : refuse('bad-request', variant.error.message);
}
