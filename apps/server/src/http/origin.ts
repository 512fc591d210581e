// Cross-site requests: a browser on another site must not create tables, take seats or open sockets
// in its visitor's name. Browsers always send `Origin` on such requests; bots and curl send none and keep working.
import type { FastifyReply, FastifyRequest } from 'fastify';

import { sendError } from './errors.js';
import type { LogThrottle } from './logger.js';

/**
 * Whether a request may act: no `Origin` header, or one naming the server's own host (as the request addressed it),
 * or one of the allowed origins. `Origin: null` (a sandboxed frame, a file) is foreign.
 */
function originAllowed(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** A hook that refuses requests (a WebSocket upgrade too) from a foreign origin with 403 `forbidden`. */
export function refuseForeignOrigin(allowedOrigins: readonly string[], throttle: LogThrottle) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (originAllowed(request, allowedOrigins)) return;
    throttle.warn(request.log, 'cross-site request refused', { origin: request.headers.origin, url: request.url });
    await sendError(reply, 'forbidden', `requests from ${request.headers.origin} are not accepted here`);
  };
}
