import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FastifyInstance, FastifySchema, FastifySchemaValidationError } from 'fastify';

/**
 * Request validation against the contract. The contract is OpenAPI 3.1 but keeps to draft-07
 * keywords (STACK.md, Server), which is what Ajv's default class speaks.
 *
 * Two differences from Fastify's default Ajv:
 * - unknown fields are rejected (400), not silently removed, as the contract's
 *   `additionalProperties: false` says;
 * - only the URL parts (path, query, headers) have their strings coerced to numbers and
 *   booleans. A JSON body must carry the right types: `"password": 12345` is a 400.
 *
 * And two limits the database sets, so that bad input answers 400 and never reaches it as a
 * 500 (issue 3, "Bad input"): an integer the contract does not bound must fit the 32-bit
 * integer columns (ids, counts), and a date-time must be one JavaScript can represent (RFC
 * 3339 allows a leap second, 23:59:60, which `Date` cannot parse).
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

const INT32 = { minimum: -2_147_483_648, maximum: 2_147_483_647 };

/** The instants a date-time may name: years 1 to 9999 in UTC, which JavaScript and PostgreSQL both write as ISO 8601. */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

const rfc3339DateTime = fullFormats['date-time'] as { validate: (value: string) => boolean; compare: (a: string, b: string) => number | undefined };

function createAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...common, coerceTypes });
  addFormats(ajv);
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (value: string) => {
      if (!rfc3339DateTime.validate(value)) return false;
      const time = Date.parse(value);
      return time >= FIRST_INSTANT && time <= LAST_INSTANT;
    },
    compare: rfc3339DateTime.compare,
  });
  return ajv;
}

/** A copy of the schema in which every integer without bounds gets the 32-bit ones. */
export function withInt32Bounds<T>(schema: T, seen = new Map<object, unknown>(), namesProperties = false): T {
  if (typeof schema !== 'object' || schema === null) return schema;
  if (seen.has(schema)) return seen.get(schema) as T;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(schema) ? [] : {};
  seen.set(schema, copy);
  for (const [key, value] of Object.entries(schema)) {
    // enum, const and default hold data, not schemas (unless they name properties).
    const isData = !namesProperties && (key === 'enum' || key === 'const' || key === 'default');
    (copy as Record<string, unknown>)[key] = isData ? value : withInt32Bounds(value, seen, key === 'properties');
  }
  if (!Array.isArray(copy) && !namesProperties) {
    const type = copy.type;
    if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
      copy.minimum ??= INT32.minimum;
      copy.maximum ??= INT32.maximum;
    }
  }
  return copy as T;
}

export function installRequestValidation(app: FastifyInstance): void {
  const forBodies = createAjv(false);
  const forUrlParts = createAjv('array');
  app.setValidatorCompiler(({ schema, httpPart }: { schema: FastifySchema & { $id?: string }; httpPart?: string }) => {
    const ajv = httpPart === 'body' ? forBodies : forUrlParts;
    // Ajv refuses to compile two schemas with one $id; reuse the compiled one.
    const compiled = schema.$id ? ajv.getSchema(schema.$id) : undefined;
    return rejectingNonFinite(compiled ?? ajv.compile(withInt32Bounds(schema)));
  });
}

type Validator = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

/**
 * Ajv coerces "1e400" (or 400 nines) in a URL to Infinity and then lets it pass `integer` and
 * `maximum`; JSON.parse turns 1e400 into Infinity too. Neither is a number the API takes.
 */
function rejectingNonFinite(validate: ValidateFunction): Validator {
  const wrapped: Validator = (data: unknown) => {
    if (!validate(data)) {
      wrapped.errors = validate.errors as FastifySchemaValidationError[];
      return false;
    }
    const path = nonFinitePath(data, '');
    wrapped.errors = path === undefined ? null : [{ keyword: 'type', instancePath: path, schemaPath: '#/type', params: { type: 'integer' }, message: 'must be integer' }];
    return path === undefined;
  };
  return wrapped;
}

/** The JSON pointer of the first non-finite number in the data (iterative: any depth). */
function nonFinitePath(value: unknown, root: string): string | undefined {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [next, path] = pending.pop()!;
    if (typeof next === 'number' && !Number.isFinite(next)) return path;
    if (typeof next === 'object' && next !== null) {
      for (const [key, child] of Object.entries(next)) pending.push([child, `${path}/${key}`]);
    }
  }
  return undefined;
}
