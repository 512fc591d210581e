// The HTTP API of docs/protocol.md: variants, tables, health; bodies checked with the protocol's zod schemas.
import { createTableBodySchema, describeIssues, tableIdSchema, takeSeatBodySchema } from '@fg/protocol';
import type { FastifyInstance } from 'fastify';

import { sendError } from '../http/errors.js';
import type { LogThrottle } from '../http/logger.js';
import { refuseForeignOrigin } from '../http/origin.js';
import type { Authority } from '../tables/authority.js';
import type { VariantList } from './variant-list.js';

type IdParams = { Params: { id: string } };

const notFound = (id: string): [code: 'table-not-found', message: string] => ['table-not-found', `no table "${id}"`];

/** The most tables `GET /api/tables?ids=` reads at once. */
const MAX_TABLES_READ = 50;
/** Reads of `GET /api/tables?ids=` one address may make a minute (My games reads every half minute). */
const TABLES_READS_PER_MINUTE = 120;

/** An answer that carries a seat token is kept by no cache (a shared proxy's, or the browser's on disk). */
const NO_STORE = 'no-store';

/** The cap of games against the computer per address (the computer's seats keep the count). */
interface ComputerGamesCap {
  readonly limit: number; // unfinished games the computer plays for one address at once
  /** How many the computer plays now for the address. */
  readonly playing: (address: string) => number;
  /** The table was made from the address: it counts for it, and its thinks wait behind the address's others. */
  readonly claim: (tableId: string, address: string) => void;
}

/** The cap of tables one address may have waiting in the lobby (the lobby keeps the count). */
interface LobbyPlacesCap {
  readonly limit: number;
  /** How many listed tables made from the address wait in the lobby now. */
  readonly waiting: (address: string) => number;
  /** A listed table was made from the address. */
  readonly claim: (tableId: string, address: string) => void;
}

/** Limits of the API routes. */
export interface ApiLimits {
  readonly computerGames: ComputerGamesCap;
  readonly lobbyPlaces: LobbyPlacesCap;
  readonly createLimit: number; // tables one address may create a minute
  readonly tableReadsPerMinute: number; // reads of one table's view or record one address may make a minute
  readonly allowedOrigins: readonly string[]; // foreign origins that may still create tables and take seats
  readonly throttle: LogThrottle;
  readonly variants: () => VariantList; // with VariantInfo.solved (routes/variant-list.ts)
}

/** Registers the API routes. */
export function registerApiRoutes(app: FastifyInstance, authority: Authority, limits: ApiLimits): void {
  const { variants } = limits;
  const { createLimit } = limits;
  // Each read loads the table (and keeps it a while): a flood of reads is refused like a flood of creates.
  const reads = { config: { rateLimit: { max: limits.tableReadsPerMinute, timeWindow: 60_000 } } };
  const sameSite = refuseForeignOrigin(limits.allowedOrigins, limits.throttle);

  app.get('/api/variants', async () => variants());

  app.post(
    '/api/tables',
    { onRequest: sameSite, config: { rateLimit: { max: createLimit, timeWindow: 60_000 } } },
    async (request, reply) => {
      const body = createTableBodySchema.safeParse(request.body);
      if (!body.success) return sendError(reply, 'bad-request', `bad table: ${describeIssues(body.error, 'body')}`);
      const { computerGames, lobbyPlaces } = limits;
      const address = request.ip;
      if (body.data.computer && computerGames.playing(address) >= computerGames.limit) {
        const games = `${computerGames.limit} unfinished games against the computer`;
        return sendError(reply, 'rate-limited', `this address has ${games}; finish or resign one first`);
      }
      const waits = body.data.listed && !body.data.computer; // a computer table is never in the lobby's waiting list
      if (waits && lobbyPlaces.waiting(address) >= lobbyPlaces.limit) {
        const tables = `${lobbyPlaces.limit} tables waiting in the lobby`;
        return sendError(reply, 'rate-limited', `this address has ${tables}; wait for a player to join one first`);
      }
      const created = await authority.createTable(body.data);
      if (!created.ok) return sendError(reply, created.error.code, created.error.message);
      if (body.data.computer) computerGames.claim(created.value.table.id, address);
      if (waits) lobbyPlaces.claim(created.value.table.id, address);
      return reply.code(201).header('cache-control', NO_STORE).send(created.value);
    },
  );

  // An addition: several tables in one read, for a browser's "My games"; unknown ids are left out.
  app.get<{ Querystring: { ids?: string | string[] } }>(
    '/api/tables',
    { config: { rateLimit: { max: TABLES_READS_PER_MINUTE, timeWindow: 60_000 } } },
    async (request, reply) => {
      // `ids=a,b` as documented; `ids=a&ids=b` (what a form or URLSearchParams.append writes) means the same.
      const ids = [request.query.ids ?? []]
        .flat()
        .flatMap((part) => part.split(','))
        .filter(Boolean);
      if (ids.length === 0 || ids.length > MAX_TABLES_READ)
        return sendError(reply, 'bad-request', `ids: 1 to ${MAX_TABLES_READ} table ids, comma-separated`);
      const unique = [...new Set(ids)].filter((id) => tableIdSchema.safeParse(id).success);
      const views = await Promise.all(unique.map((id) => authority.view(id)));
      return { tables: views.filter((view) => view !== null) };
    },
  );

  app.get<IdParams>('/api/tables/:id', reads, async (request, reply) => {
    const { id } = request.params;
    const table = tableIdSchema.safeParse(id).success ? await authority.view(id) : null;
    if (!table) return sendError(reply, ...notFound(id));
    return { table };
  });

  app.get<IdParams>('/api/tables/:id/record', reads, async (request, reply) => {
    const { id } = request.params;
    const record = tableIdSchema.safeParse(id).success ? await authority.record(id) : null;
    if (!record) return sendError(reply, ...notFound(id));
    return record;
  });

  app.post<IdParams>(
    '/api/tables/:id/seats',
    { onRequest: sameSite, config: { rateLimit: { max: createLimit * 2, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!tableIdSchema.safeParse(id).success) return sendError(reply, ...notFound(id));
      const body = takeSeatBodySchema.safeParse(request.body ?? {});
      if (!body.success)
        return sendError(reply, 'bad-request', `bad seat request: ${describeIssues(body.error, 'body')}`);
      const taken = await authority.takeSeat(id, body.data.side);
      if (!taken.ok) return sendError(reply, taken.error.code, taken.error.message);
      return reply.code(201).header('cache-control', NO_STORE).send(taken.value);
    },
  );
}
