// The WebSocket adapter: frames in, checked messages to the authority, protocol errors out.
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type {} from '@fastify/websocket'; // adds the `websocket` route option
import {
  type ClientMessage,
  CLOSE_CODES,
  MAX_FRAME_BYTES,
  parseClientMessage,
  type ServerMessageOf,
  type SocketErrorCode,
} from '@fg/protocol';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

import type { LogThrottle } from '../logger.js';
import { sendError } from '../routes/errors.js';
import { refuseForeignOrigin } from '../routes/origin.js';
import type { Authority } from '../tables/authority.js';
import { Connection } from './connection.js';
import type { Connections } from './connections.js';
import { ConnectionGuard, type GuardLimits } from './guard.js';

/**
 * Frames larger than this are cut off by the WebSocket library itself (close 1009); smaller ones over 4 KiB get
 * `bad-message`, as the protocol promises for oversized input. Large enough for any oversized frame a client sends
 * by mistake; a flood of them is closed by the strikes.
 */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;

/** What the socket route needs besides the authority. */
export interface SocketSettings {
  readonly guard: GuardLimits;
  readonly connections: Connections;
  readonly maxQueuedBytes: number;
  readonly allowedOrigins: readonly string[];
  readonly throttle: LogThrottle; // client-caused and store failures are logged at most a few times a minute
}

/** Serves `GET /api/tables/:id/ws`. */
export function registerTableSocket(app: FastifyInstance, authority: Authority, settings: SocketSettings): void {
  const { connections, throttle } = settings;
  const sameSite = refuseForeignOrigin(settings.allowedOrigins, throttle);
  // The response object of each upgrade, to let it go once the socket is open (see `letUpgradeGo`).
  const upgrades = new WeakMap<IncomingMessage, ServerResponse>();
  app.route<{ Params: { id: string } }>({
    method: 'GET',
    url: '/api/tables/:id/ws',
    // Before the upgrade: a foreign page may not play in its visitor's name, and one address may not hold every socket.
    onRequest: async (request, reply) => {
      await sameSite(request, reply);
      if (reply.sent) return;
      // Only an upgrade holds a connection for long; a plain GET of this address is answered and done.
      if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
      if (!connections.reserve(request.ip)) {
        throttle.warn(request.log, 'connections per address exceeded', { address: request.ip });
        return sendError(reply, 'rate-limited', 'too many connections from this address');
      }
      // Only the address is kept: a closure over the request would hold it (and its logger) as long as the socket.
      const address = request.ip;
      request.raw.socket.once('close', () => connections.release(address));
      upgrades.set(request.raw, reply.raw);
    },
    // A plain GET of the socket's address gets a clear answer instead of an empty 404.
    handler: async (_request, reply) =>
      sendError(reply, 'bad-request', 'this address takes WebSocket connections only'),
    wsHandler: (socket, request) => {
      const tableId = request.params.id;
      // The socket outlives its upgrade request: the handlers below keep what they need, not the request.
      const log = app.log;
      letUpgradeGo(socket, request.raw, upgrades.get(request.raw), (error) =>
        throttle.warn(log, 'socket error', { reason: error.message }),
      );
      const guard = new ConnectionGuard(settings.guard);
      const member = new Connection(socket, request.ip, settings.maxQueuedBytes, Date.now());
      connections.add(member);
      let queue: Promise<void> = Promise.resolve();

      const answer = (code: SocketErrorCode, message: string): void => {
        const error: ServerMessageOf<'error'> = { type: 'error', code, message };
        member.send(JSON.stringify(error));
      };
      const fail = (code: SocketErrorCode, message: string): void => {
        answer(code, message);
        if (guard.strike()) socket.close(CLOSE_CODES.policyViolation, 'too much bad input');
      };

      const handle = async (message: ClientMessage): Promise<void> => {
        if (message.type === 'ping') return member.send('{"type":"pong"}');
        if (message.type === 'hello') {
          const joined = await authority.join(tableId, member, message.token);
          if (!joined.ok) return fail(joined.error.code, joined.error.message);
          member.role = joined.value;
          return;
        }
        const played = await authority.play(member, message);
        if (!played.ok) return fail(played.error.code, played.error.message);
        // Two bots may play as fast as the server answers; only refused and other messages count against the rate.
        if (message.type === 'move') guard.refund();
      };

      socket.on('message', (data: Buffer, isBinary: boolean) => {
        member.lastSeen = Date.now();
        if (!guard.admit()) return fail('rate-limited', 'too many messages; slow down');
        if (isBinary) return fail('bad-message', 'send text frames of JSON');
        if (data.length > MAX_FRAME_BYTES)
          return fail('bad-message', `message too large; at most ${MAX_FRAME_BYTES} bytes`);
        // The library's own check is off (see app.ts): it would close the connection with 1007 instead of answering.
        if (!isUtf8(data)) return fail('bad-message', 'a text frame must be UTF-8');
        const parsed = parseClientMessage(data.toString('utf8'));
        if (!parsed.ok) return fail('bad-message', parsed.error.message);
        // One message at a time per connection, so a move never overtakes its hello.
        // Every message gets an answer: a failure below (the store, mostly) is the server's, so it is no strike.
        queue = queue
          .then(() => handle(parsed.value))
          .catch((error: unknown) => {
            throttle.error(log, 'socket message failed', error);
            answer('unavailable', 'the server could not complete this just now; nothing changed, try again');
          });
      });
      socket.on('close', () => {
        connections.remove(member);
        queue = queue.then(() => authority.leave(member));
      });
    },
  });
}

/**
 * @fastify/websocket keeps an upgrade's request, reply, logger and response headers alive as long as the socket is
 * open (its error listener closes over them, and the response stays assigned to the TCP socket): a few kB a
 * connection. Once the socket is open they are done with: the error listener is replaced by one that keeps nothing
 * but the socket (a client's error ends its connection, as the plugin's handler did), and the response is detached.
 */
function letUpgradeGo(
  socket: WebSocket,
  raw: IncomingMessage,
  response: ServerResponse | undefined,
  logError: (error: Error) => void,
): void {
  socket.removeAllListeners('error');
  socket.on('error', (error: Error) => {
    logError(error);
    socket.terminate();
  });
  response?.detachSocket(raw.socket);
}

/** Closes every socket with 1001 when the server shuts down. */
export function closeAllSockets(clients: Iterable<WebSocket>): void {
  for (const client of clients) client.close(CLOSE_CODES.goingAway, 'server shutting down');
}
