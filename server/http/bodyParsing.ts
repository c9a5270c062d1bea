import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies parsed as Fastify does (prototype-poisoning checks included), except that an empty
 * body counts as no body instead of a 400: clients that send `Content-Type: application/json` on
 * a body-less DELETE (logout) or on the optional body of the verify calls still work, and an
 * operation that needs a body still answers 400 (http/requestBodies.ts).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
