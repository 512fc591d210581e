// Security headers on every answer, by @fastify/helmet: a Content-Security-Policy with no inline script,
// the page never framed elsewhere, no sniffing of content types, no referrer sent to other sites.
import type { IncomingMessage } from 'node:http';

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The page's own WebSocket origin: CSP 'self' covers ws: and wss: only in newer browsers, so it is named too. */
const sameOriginSockets = (request: IncomingMessage): string => {
  const host = request.headers.host ?? 'localhost';
  return `ws://${host} wss://${host}`;
};

/** Registers helmet with the policy the web app needs: its own scripts, styles, images and socket. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
        connectSrc: ["'self'", sameOriginSockets],
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
}
