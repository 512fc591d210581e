// The site's own address as a request names it, for links written into answers (a preview's og:url, a game
// record's Site): only `http` or `https`, and a host as a URL may carry it, whatever a proxy or a client sent.
import type { FastifyRequest } from 'fastify';

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
