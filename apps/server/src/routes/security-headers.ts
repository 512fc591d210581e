// Security headers on every answer, by helmet: a Content-Security-Policy with no inline script, the page never
// framed elsewhere, no sniffing of content types, no referrer sent to other sites. The middleware is made once
// (@fastify/helmet builds it again for every request, parsing the policy each time), and a WebSocket upgrade is
// left alone: its answer is written by the WebSocket library, so headers set on its reply would never be sent.
import type { IncomingMessage } from 'node:http';

import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

import { isHost } from '../http/site.js';

/** The page's own WebSocket origin: CSP 'self' covers ws: and wss: only in newer browsers, so it is named too. A Host
 * that is no host (the request is refused with 400 by the host check) is not written into the policy. */
const sameOriginSockets = (request: IncomingMessage): string => {
  const given = request.headers.host;
  const host = given !== undefined && isHost(given) ? given : 'localhost';
  return `ws://${host} wss://${host}`;
};

/** The headers' middleware, with the policy the web app needs: its own scripts, styles, images and socket. */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React sets style properties through the DOM, which CSP allows; no inline <style> is needed.
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", (request) => sameOriginSockets(request)],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // No upgrade-insecure-requests: on a plain-HTTP address (a LAN, localhost) it would turn ws: into wss: and break play.
    },
  },
  frameguard: { action: 'deny' }, // the same as frame-ancestors 'none', for browsers without CSP 2
  referrerPolicy: { policy: 'same-origin' },
  // HSTS belongs to the TLS-terminating proxy, which knows whether the site is served over HTTPS.
  strictTransportSecurity: false,
});

/** Sets the security headers on every answer but a WebSocket upgrade's. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.headers.upgrade !== undefined) return done();
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
