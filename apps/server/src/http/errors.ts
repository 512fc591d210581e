// HTTP errors in the protocol's shape: `{"error": {"code", "message"}}`, 4xx with the message, 5xx generic.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import { HTTP_STATUS, type HttpErrorCode } from '@fg/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { StoreUnavailable } from '../tables/store-unavailable.js';
import type { LogThrottle } from './logger.js';

/** Answers with a protocol error body and its status code. */
export function sendError(reply: FastifyReply, code: HttpErrorCode, message: string): FastifyReply {
  return reply.code(HTTP_STATUS[code]).send({ error: { code, message } });
}

/** Out of file descriptors (or memory for them): a passing state, answered 503 like a failing store. */
const RESOURCE_CODES = new Set(['EMFILE', 'ENFILE', 'ENOMEM']);

/** Headers a static file sets before it is read; an error answer must not carry them. */
const FILE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
  'vary',
];

type AnyError = { statusCode?: number; message?: string; code?: string };

/** The protocol code of an error that reached the handler; faults (5xx) are logged, client errors never. */
function answerFor(error: AnyError, request: FastifyRequest, throttle: LogThrottle): [HttpErrorCode, string] {
  const status = error.statusCode ?? 500;
  if (status === 429) return ['rate-limited', error.message ?? 'too many requests'];
  if (status >= 400 && status < 500) return ['bad-request', error.message ?? 'bad request'];
  if (error instanceof StoreUnavailable || RESOURCE_CODES.has(error.code ?? '')) {
    throttle.error(request.log, 'request failed: unavailable', error);
    return ['unavailable', 'the server cannot do this just now; nothing changed, try again shortly'];
  }
  throttle.error(request.log, 'request failed', error);
  return ['internal', 'internal error'];
}

/** Maps Fastify's and plugins' errors to protocol codes; never throws, whatever the error or the reply's state. */
export function registerErrorHandler(app: FastifyInstance, throttle: LogThrottle): void {
  app.setErrorHandler((error: AnyError, request, reply) => {
    try {
      const [code, message] = answerFor(error ?? {}, request, throttle);
      if (code === 'unavailable') reply.header('retry-after', '5');
      // A failure after the headers went out (a file that broke off mid-stream) can only end the response.
      if (reply.sent || reply.raw.headersSent) return void reply.raw.destroy();
      // A file that failed to open left its own headers (type, length, caching): the error body has none of them.
      for (const header of FILE_HEADERS) reply.removeHeader(header);
      return sendError(reply, code, message);
    } catch {
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end('{"error":{"code":"internal","message":"internal error"}}');
    }
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

/** Node's parser's refusals, by its error code: the status and what the client is told. */
const CLIENT_ERRORS: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'the request headers are too large (16 KB at most)'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'the request took too long to arrive'],
};

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (headers over 16 KB, a malformed request,
 * one too slow) in the protocol's shape, code `bad-request` with the fitting status, then closes the connection.
 */
export function clientError(error: { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'malformed HTTP request'];
  const body = JSON.stringify({ error: { code: 'bad-request', message } });
  if (socket.writable) {
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy();
}
