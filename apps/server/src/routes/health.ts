// Health that tells the truth: /healthz says the process answers (liveness), /readyz whether it can take games
// (readiness: the store answers, the database file is the one opened, the last write succeeded).
import type { FastifyInstance } from 'fastify';

import type { TableStore } from '../tables/store.js';

/** A readiness check that takes longer than this is an answer in itself. */
const READY_TIMEOUT_MS = 3000;

/** Registers `/healthz` and `/readyz`. */
export function registerHealthRoutes(app: FastifyInstance, store: TableStore): void {
  // Health checks come often; they are logged only when something is wrong.
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ ok: true }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<{ ready: boolean; reason?: string }>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, reason: 'the store did not answer in time' }), READY_TIMEOUT_MS);
    });
    const state = await Promise.race([
      store.readiness().catch((error: unknown) => ({ ready: false, reason: (error as Error).message })),
      late,
    ]);
    clearTimeout(timer);
    return reply.code(state.ready ? 200 : 503).send(state);
  });
}
