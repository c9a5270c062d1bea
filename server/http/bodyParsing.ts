import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** A JSON body as received, before parsing: Stripe signs the exact bytes (handleStripeWebhook). */
    rawBody: string | null;
  }
}

/**
 * JSON bodies parsed as Fastify does (prototype-poisoning checks included), except that an empty
 * body counts as no body instead of a 400: clients that send `Content-Type: application/json` on
 * a body-less DELETE (logout) or on the optional body of the verify calls still work, and an
 * operation that needs a body still answers 400 (http/requestBodies.ts). The text is kept as
 * `request.rawBody` for signature checks.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('rawBody', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
