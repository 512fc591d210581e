// `GET /api/lobby` (docs/protocol.md) and its live feed `GET /api/lobby/events` (an addition): Server-Sent Events,
// one `lobby` event with both lists at once and after every change.
import type { FastifyInstance } from 'fastify';

import { sendError } from '../http/errors.js';
import type { Connections } from '../socket/connections.js';
import { EventStream } from './event-stream.js';
import type { Lobby } from './lobby.js';

/** How often an idle feed sends a comment, so proxies keep the connection open. */
const HEARTBEAT_MS = 25_000;
/** A feed whose client has read nothing for this long is cut off (its browser reconnects once it reads again). */
const STALL_MS = 60_000;

/** Reads of `GET /api/lobby` one address may make a minute: in Redis mode each runs a script, and the feed is the way to follow the lobby. */
export const LOBBY_READS_PER_MINUTE = 300;

/** How the feeds live: the per-address cap they share with the sockets, and test seams. */
export interface LobbyFeedSettings {
  readonly connections: Pick<Connections, 'reserve' | 'release'>;
  readonly heartbeatMs?: number;
  readonly stallMs?: number;
}

/** Registers the lobby's routes; open feeds are ended when the app closes. */
export function registerLobbyRoutes(app: FastifyInstance, lobby: Lobby, settings: LobbyFeedSettings): void {
  const feeds = new Set<EventStream>();
  const { connections } = settings;

  app.get('/api/lobby', { config: { rateLimit: { max: LOBBY_READS_PER_MINUTE, timeWindow: 60_000 } } }, async () =>
    lobby.list(),
  );

  app.get('/api/lobby/events', async (request, reply) => {
    // A feed holds its connection for good, like a WebSocket: it counts against the same cap per address.
    if (!connections.reserve(request.ip))
      return sendError(reply, 'rate-limited', 'too many connections from this address');
    // The place is held as long as the TCP connection, whatever ends it (as for the sockets).
    request.raw.socket.once('close', () => connections.release(request.ip));
    const first = await lobby.list();
    reply.hijack();
    // The client left while the lists were read: nothing to open.
    if (request.raw.socket.destroyed) return;
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no', // nginx: pass each event on at once
    });
    // A browser reconnects by itself after this many ms when the stream breaks.
    raw.write('retry: 3000\n\n');
    let unsubscribe = (): void => {};
    const stream = new EventStream(
      raw,
      { event: 'lobby', heartbeatMs: settings.heartbeatMs ?? HEARTBEAT_MS, stallMs: settings.stallMs ?? STALL_MS },
      () => {
        unsubscribe();
        feeds.delete(stream);
      },
    );
    const current = JSON.stringify(first);
    stream.send(current);
    unsubscribe = lobby.subscribe((json) => stream.send(json), current);
    feeds.add(stream);
  });

  app.addHook('preClose', async () => {
    for (const stream of [...feeds]) stream.end();
    lobby.close();
  });
}
