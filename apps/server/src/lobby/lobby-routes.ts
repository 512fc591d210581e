// `GET /api/lobby` (docs/protocol.md) and its live feed `GET /api/lobby/events` (an addition): Server-Sent Events,
// one `lobby` event with both lists at once and after every change.
import type { FastifyInstance } from 'fastify';

import type { Lobby } from './lobby.js';

/** How often an idle feed sends a comment, so proxies keep the connection open. */
const HEARTBEAT_MS = 25_000;

/** Registers the lobby's routes; open feeds are ended when the app closes. */
export function registerLobbyRoutes(app: FastifyInstance, lobby: Lobby): void {
  const feeds = new Set<() => void>();

  app.get('/api/lobby', async () => lobby.list());

  app.get('/api/lobby/events', async (request, reply) => {
    const first = await lobby.list();
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no', // nginx: pass each event on at once
    });
    const send = (json: string): void => void raw.write(`event: lobby\ndata: ${json}\n\n`);
    // A browser reconnects by itself after this many ms when the stream breaks.
    raw.write('retry: 3000\n\n');
    const current = JSON.stringify(first);
    send(current);
    const unsubscribe = lobby.subscribe(send, current);
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const end = (): void => {
      clearInterval(heartbeat);
      unsubscribe();
      feeds.delete(end);
      raw.end();
    };
    feeds.add(end);
    request.raw.on('close', end);
  });

  app.addHook('preClose', async () => {
    for (const end of [...feeds]) end();
    lobby.close();
  });
}
