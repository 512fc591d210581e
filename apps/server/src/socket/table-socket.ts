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

import { sendError } from '../http/errors.js';
import type { LevelLog, LogThrottle } from '../http/logger.js';
import { refuseForeignOrigin } from '../http/origin.js';
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

/** The answer to a ping before hello: the socket is at no table yet. */
export const PING_BEFORE_HELLO = 'send hello first; a ping is answered once the socket is at its table';

/** What the socket route needs besides the authority. */
export interface SocketSettings {
  readonly guard: GuardLimits;
  readonly connections: Connections;
  readonly maxQueuedBytes: number;
  readonly allowedOrigins: readonly string[];
  readonly throttle: LogThrottle; // client-caused and store failures are logged at most a few times a minute
}

/** What every socket of the route shares, made once. */
interface SocketRoute {
  readonly authority: Authority;
  readonly connections: Connections;
  readonly throttle: LogThrottle;
  readonly log: LevelLog;
}

/** What an upgrade's request leaves for its socket (see `letUpgradeGo`). */
interface Upgrade {
  readonly response: ServerResponse;
  readonly release: () => void; // gives the address's place back if the upgrade never completes
}

/** Serves `GET /api/tables/:id/ws`. */
export function registerTableSocket(app: FastifyInstance, authority: Authority, settings: SocketSettings): void {
  const { connections, throttle } = settings;
  const route: SocketRoute = { authority, connections, throttle, log: app.log };
  const sameSite = refuseForeignOrigin(settings.allowedOrigins, throttle);
  // What each upgrade's request leaves for its socket, to let the request go once the socket is open.
  const upgrades = new WeakMap<IncomingMessage, Upgrade>();
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
      const release = (): void => connections.release(address);
      request.raw.socket.once('close', release);
      upgrades.set(request.raw, { response: reply.raw, release });
    },
    // A plain GET of the socket's address gets a clear answer instead of an empty 404.
    handler: async (_request, reply) =>
      sendError(reply, 'bad-request', 'this address takes WebSocket connections only'),
    wsHandler: (socket, request) => {
      const member = new Connection(socket, request.ip, settings.maxQueuedBytes, Date.now());
      const table = new TableSocket(route, request.params.id, member, new ConnectionGuard(settings.guard));
      // The socket outlives its upgrade request: its listeners keep the table socket, not the request.
      letUpgradeGo(socket, request.raw, upgrades.get(request.raw), table);
      connections.add(member);
      socket.on('message', (data: Buffer, isBinary: boolean) => table.receive(data, isBinary));
    },
  });
}

/**
 * One open socket at its table: its member, its limits and its messages, one at a time. A class rather than
 * closures over the route's handler: one object a socket instead of a context and half a dozen functions.
 */
class TableSocket {
  readonly #route: SocketRoute;
  readonly #tableId: string;
  readonly #member: Connection;
  readonly #guard: ConnectionGuard;
  #queue: Promise<void> = Promise.resolve();
  #closing = false; // struck out: the messages admitted before are answered, then the connection closes

  constructor(route: SocketRoute, tableId: string, member: Connection, guard: ConnectionGuard) {
    this.#route = route;
    this.#tableId = tableId;
    this.#member = member;
    this.#guard = guard;
  }

  /** A frame from the client: checked here, then handled after the messages before it. */
  receive(data: Buffer, isBinary: boolean): void {
    this.#member.lastSeen = Date.now();
    if (this.#closing) return; // struck out: nothing more is read
    if (!this.#guard.admit()) return this.#fail('rate-limited', 'too many messages; slow down');
    if (isBinary) return this.#fail('bad-message', 'send text frames of JSON');
    if (data.length > MAX_FRAME_BYTES)
      return this.#fail('bad-message', `message too large; at most ${MAX_FRAME_BYTES} bytes`);
    // The library's own check is off (see app.ts): it would close the connection with 1007 instead of answering.
    if (!isUtf8(data)) return this.#fail('bad-message', 'a text frame must be UTF-8');
    const parsed = parseClientMessage(data.toString('utf8'));
    if (!parsed.ok) return this.#fail('bad-message', parsed.error.message);
    // One message at a time per connection, so a move never overtakes its hello.
    // Every message gets an answer: a failure below (the store, mostly) is the server's, so it is no strike.
    this.#queue = this.#queue
      .then(() => this.#handle(parsed.value))
      .catch((error: unknown) => {
        this.#route.throttle.error(this.#route.log, 'socket message failed', error);
        this.#answer('unavailable', 'the server could not complete this just now; nothing changed, try again');
      });
  }

  /** The socket closed: its address's place is given back (if it took one), and it leaves its table after the
   * messages before it. */
  closed(reserved: boolean): void {
    const { connections, authority } = this.#route;
    connections.remove(this.#member);
    if (reserved) connections.release(this.#member.address);
    this.#queue = this.#queue.then(() => authority.leave(this.#member));
  }

  /** A client's error ends its connection, as the WebSocket plugin's own listener did. */
  failed(error: Error): void {
    this.#route.throttle.warn(this.#route.log, 'socket error', { reason: error.message });
    this.#member.socket.terminate();
  }

  async #handle(message: ClientMessage): Promise<void> {
    const member = this.#member;
    // The first message must be hello (docs/protocol.md), a ping too: it is answered once the socket is at a table.
    if (message.type === 'ping')
      return member.role ? member.send('{"type":"pong"}') : this.#fail('hello-first', PING_BEFORE_HELLO);
    if (message.type === 'hello') {
      const joined = await this.#route.authority.join(this.#tableId, member, message.token);
      if (!joined.ok) return this.#fail(joined.error.code, joined.error.message);
      member.role = joined.value;
      return;
    }
    if (message.type === 'chat') {
      const said = await this.#route.authority.chat(member, message, member.address);
      if (said.ok) return;
      // Talking too fast is no bad input: the message is refused, the connection keeps its strikes.
      if (said.error.code === 'rate-limited') return this.#answer(said.error.code, said.error.message);
      return this.#fail(said.error.code, said.error.message);
    }
    const played = await this.#route.authority.play(member, message);
    if (!played.ok) return this.#fail(played.error.code, played.error.message);
    // Two bots may play as fast as the server answers; only refused and other messages count against the rate.
    if (message.type === 'move') this.#guard.refund();
  }

  #answer(code: SocketErrorCode, message: string): void {
    const error: ServerMessageOf<'error'> = { type: 'error', code, message };
    this.#member.send(JSON.stringify(error));
  }

  #fail(code: SocketErrorCode, message: string): void {
    this.#answer(code, message);
    if (this.#closing || !this.#guard.strike()) return;
    this.#closing = true;
    // The messages admitted before this one still get their answers (a burst would otherwise lose them): the
    // connection closes once they are handled.
    const close = (): void => this.#member.socket.close(CLOSE_CODES.policyViolation, 'too much bad input');
    void this.#queue.then(close);
  }
}

/**
 * @fastify/websocket keeps an upgrade's request, reply, logger and response headers alive as long as the socket is
 * open (its error listener closes over them, and the response stays assigned to the TCP socket): a few kB a
 * connection. Once the socket is open they are done with: the error listener is replaced by the table socket's,
 * the response is detached, and the address's place is given back when the socket closes rather than by a
 * listener on the TCP socket.
 */
function letUpgradeGo(socket: WebSocket, raw: IncomingMessage, upgrade: Upgrade | undefined, table: TableSocket): void {
  socket.removeAllListeners('error');
  socket.on('error', (error: Error) => table.failed(error));
  const reserved = upgrade !== undefined; // the upgrade took a place for its address (always, through onRequest)
  socket.on('close', () => table.closed(reserved));
  if (!upgrade) return;
  raw.socket.removeListener('close', upgrade.release);
  upgrade.response.detachSocket(raw.socket);
}

/** Closes every socket with 1001 when the server shuts down. */
export function closeAllSockets(clients: Iterable<WebSocket>): void {
  for (const client of clients) client.close(CLOSE_CODES.goingAway, 'server shutting down');
}
