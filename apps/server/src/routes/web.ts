// Serves the built web app: its files, and index.html for the app's routes; unknown /api routes get JSON 404s.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { sendError } from '../http/errors.js';

/** Whether a request is a page load that the single-page app answers. */
const wantsPage = (method: string, url: string, accept: string | undefined): boolean =>
  (method === 'GET' || method === 'HEAD') &&
  !url.startsWith('/api/') &&
  url !== '/api' &&
  (accept ?? '').includes('text/html');

/** Registers the web app's files when `webDir` holds a build, and the not-found answers either way. */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const built = existsSync(join(webDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      // The build writes .br and .gz copies beside each file (vite-plugin-compression2); the accepted one is sent.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite puts content hashes into asset names, so they may be cached for good; index.html never.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.get('/', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('The web app is not built: run `pnpm --filter @fg/web build`. The API is at /api.'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    if (built && wantsPage(request.method, request.url, request.headers.accept)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const path = request.url.split('?')[0];
    return sendError(reply, 'not-found', `no route ${request.method} ${path}`);
  });
}
