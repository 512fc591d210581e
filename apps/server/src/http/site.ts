// The site's own address as a request names it, for links written into answers (a preview's og:url, a game
// record's Site): only `http` or `https`, and a host as a URL may carry it, whatever a proxy or a client sent; and the
// check of every request's Host.
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { sendError } from './errors.js';

/** A host as a URL's authority may have it: a name or IPv4 address, or a bracketed IPv6 address; and a port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** Whether `text` is a host (and port) that can be written into a URL or a header as it is. */
export function isHost(text: string): boolean {
  return HOST.test(text);
}

/** `https://fox.example`: the request's protocol and host, or `http` and `localhost` where they are not one. */
export function siteOrigin(request: FastifyRequest): string {
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${isHost(request.host) ? request.host : 'localhost'}`;
}

/** Paths answered for any host: an orchestrator's probes name the instance by its own address. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Refuses, before any route, a request whose Host cannot be a host (400
 * `bad-request`); with `publicHosts`, one for any other host name too, so a page that reached the server by DNS
 * rebinding (its own name resolving to 127.0.0.1) gets nothing. The probes are answered whatever the host.
 */
export function registerHostCheck(app: FastifyInstance, publicHosts: readonly string[] | null): void {
  const allowed = publicHosts && new Set(publicHosts.map((host) => host.toLowerCase()));
  app.addHook('onRequest', async (request, reply) => {
    const host = request.host;
    if (host !== '' && !isHost(host)) return sendError(reply, 'bad-request', 'the Host header is not a host name');
    if (!allowed || allowed.has(request.hostname.toLowerCase())) return;
    if (PROBES.has(request.url.split('?', 1)[0]!)) return;
    return sendError(reply, 'bad-request', `this server does not answer for ${host || 'a request without a host'}`);
  });
}
