// HTTP errors in the protocol's shape: `{"error": {"code", "message"}}`, 4xx with the message, 5xx generic.
import { HTTP_STATUS, type HttpErrorCode } from '@fg/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers with a protocol error body and its status code. */
export function sendError(reply: FastifyReply, code: HttpErrorCode, message: string): FastifyReply {
  return reply.code(HTTP_STATUS[code]).send({ error: { code, message } });
}

/** Maps Fastify's and plugins' errors to protocol codes; the full error of a fault goes to the log only. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, 'rate-limited', error.message ?? 'too many requests');
    if (status >= 400 && status < 500) return sendError(reply, 'bad-request', error.message ?? 'bad request');
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 'internal', 'internal error');
  });
}

/**
 * Answers what Fastify refuses before any route runs (a bad percent-encoding, an overlong parameter) in the protocol's
 * shape; under `/api/tables/` such an id names no table, so it gets `table-not-found` like any other unknown id.
 */
export function frameworkError(
  error: { code?: string; message: string },
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // Answers without returning the reply: Fastify ignores the value, and a returned reply reads as a promise.
  if (error.code === 'FST_ERR_ASYNC_CONSTRAINT') void sendError(reply, 'internal', 'internal error');
  else if (request.url.startsWith('/api/tables/'))
    void sendError(reply, 'table-not-found', 'no table with this id: it is not a valid URL component');
  else void sendError(reply, 'bad-request', error.message);
}
