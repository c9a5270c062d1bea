import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * Request validation against the contract. The contract is OpenAPI 3.1 but keeps to draft-07
 * keywords (STACK.md, Server), which is what Ajv's default class speaks.
 *
 * Two differences from Fastify's default Ajv:
 * - unknown fields are rejected (400), not silently removed, as the contract's
 *   `additionalProperties: false` says;
 * - only the URL parts (path, query, headers) have their strings coerced to numbers and
 *   booleans. A JSON body must carry the right types: `"password": 12345` is a 400.
 */
const common: Options = {
  useDefaults: true,
  removeAdditional: false,
  allErrors: false, // allErrors on untrusted input is a DoS risk (Fastify's default too)
  // Unknown keywords fail at startup, so a keyword Ajv would silently ignore (e.g. a 2020-12
  // one) cannot slip into the contract; annotations such as descriptions are fine.
  strictSchema: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
};

function createAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...common, coerceTypes });
  addFormats(ajv);
  return ajv;
}

export function installRequestValidation(app: FastifyInstance): void {
  const forBodies = createAjv(false);
  const forUrlParts = createAjv('array');
  app.setValidatorCompiler(({ schema, httpPart }: { schema: FastifySchema & { $id?: string }; httpPart?: string }) => {
    const ajv = httpPart === 'body' ? forBodies : forUrlParts;
    // Ajv refuses to compile two schemas with one $id; reuse the compiled one.
    const compiled = schema.$id ? ajv.getSchema(schema.$id) : undefined;
    return compiled ?? ajv.compile(schema);
  });
}
