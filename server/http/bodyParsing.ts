import type { FastifyInstance } from 'fastify';
import { invalidRequest } from './apiError.ts';

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
 * `request.rawBody` for signature checks. A NUL character (`\u0000`) in any string or key, and
 * nesting deeper than MAX_JSON_DEPTH, are a 400: PostgreSQL cannot store the one, JSON.stringify
 * overflows its stack on the other, so both would otherwise fail as a 500.
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
    parseJson(request, text, (error, parsed) => {
      const problem = error ? undefined : jsonBodyProblem(parsed);
      if (error) done(error, undefined);
      else if (problem) done(invalidRequest(problem), undefined);
      else done(null, parsed);
    });
  });
}

/** Deeper than any body of the contract (a widget's time frames sit 7 levels down); free-form fields included. */
export const MAX_JSON_DEPTH = 64;

/**
 * What is wrong with a parsed JSON body that the contract's schemas cannot say: a NUL character
 * or a lone UTF-16 surrogate (`"\ud800"`: JSON text PostgreSQL's jsonb refuses) in a string or
 * key, or nesting deeper than MAX_JSON_DEPTH (free-form fields such as a registration's metadata
 * would otherwise reach JSON.stringify and the database). Iterative, so any depth is safe to
 * inspect.
 */
export function jsonBodyProblem(value: unknown): string | undefined {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [next, depth] = pending.pop()!;
    if (typeof next === 'string') {
      const problem = textProblem(next);
      if (problem) return problem;
    } else if (typeof next === 'object' && next !== null) {
      if (depth >= MAX_JSON_DEPTH) return `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`;
      for (const [key, child] of Object.entries(next)) {
        const problem = textProblem(key);
        if (problem) return problem;
        pending.push([child, depth + 1]);
      }
    }
  }
  return undefined;
}

function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'Text in the request body must not contain NUL characters (\\u0000).';
  if (LONE_SURROGATE.test(text)) return 'Text in the request body must not contain lone surrogates (such as \\ud800).';
  return undefined;
}

/** A UTF-16 surrogate not paired with its other half (with the u flag, a pair is one code point). */
const LONE_SURROGATE = /\p{Cs}/u;
