// `GET /api/tables/:id/game.txt` (docs/protocol.md): the game record text of rules.md section 9,
// written by the rules library's one writer, as a download.
import { tableIdSchema } from '@fg/protocol';
import { getVariant, writeRecord } from '@fg/rules';
import type { FastifyInstance } from 'fastify';

import { sendError } from '../http/errors.js';
import { siteOrigin } from '../http/site.js';
import type { Authority } from '../tables/authority.js';

/** Registers the game record download. */
export function registerGameRecordRoute(app: FastifyInstance, authority: Authority): void {
  app.get<{ Params: { id: string } }>('/api/tables/:id/game.txt', async (request, reply) => {
    const { id } = request.params;
    const facts = tableIdSchema.safeParse(id).success ? await authority.recordFacts(id) : null;
    if (!facts) return sendError(reply, 'table-not-found', `no table "${id}"`);
    const { view, createdAt } = facts;
    const variant = getVariant(view.variant, view.options);
    if (!variant.ok) throw new Error(`table ${id}: ${variant.error.message}`); // the authority only keeps tables that replay
    const text = writeRecord({
      variant: variant.value,
      moves: view.moves,
      result: view.result,
      site: `${siteOrigin(request)}/t/${id}`,
      date: new Date(createdAt),
      ...(view.clock ? { clock: { initial: view.clock.initial, increment: view.clock.increment } } : {}),
    });
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="fox-and-geese-${id}.txt"`)
      .send(text);
  });
}
