// Request bodies: JSON whatever their content type says, since `curl -d` and bare `fetch` send other types.
import type { FastifyInstance } from 'fastify';

/** Parses every body as JSON; an empty body counts as none, so `POST /seats` works with or without `{}`. */
export function registerJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('the body is not JSON'), { statusCode: 400 }), undefined);
    }
  });
}
