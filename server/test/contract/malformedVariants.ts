import type { Contract } from '../../http/contract.ts';

// Malformed variants of an operation's input, generated from the contract (issue 3, "Bad input
// and isolation"): the test sends each one on top of a valid request and expects a 4xx `Error`.

/** The parts of one request, before it is turned into a URL and a body. */
export interface RequestParts {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** A JSON body (sent as application/json). */
  body?: unknown;
  /** A body sent as is, instead of `body`. */
  raw?: { body: string | Buffer; contentType?: string };
  /** Sent as application/x-www-form-urlencoded, instead of `body`. */
  form?: Record<string, string>;
  /** Leave out the Authorization header (public operations, or a variant without it). */
  noToken?: boolean;
  /** Path parameters put into the URL as is, not percent-encoded (bad encodings). */
  rawPath?: Record<string, string>;
}

export interface Variant {
  label: string;
  /**
   * `4xx`: the answer must be a 4xx `Error` (the input breaks the contract or names no row of the
   * caller). `not-5xx`: the input is allowed by the contract (e.g. a huge count stored as sent),
   * so any answer but a server error will do.
   */
  expect: '4xx' | 'not-5xx';
  /** The request to send, or undefined when the variant does not apply to this base request. */
  apply(base: RequestParts): RequestParts | undefined;
}

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

export interface OperationShape {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON request body's schema, when the operation takes JSON. */
  jsonBody: Schema | undefined;
  bodyMediaTypes: string[];
  bodyRequired: boolean;
  isPublic: boolean;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of the contract with its parameters and JSON body schema resolved. */
export function operationShapes(contract: Contract): OperationShape[] {
  const shapes: OperationShape[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    const shared = ((item.parameters as unknown[]) ?? []).map((p) => resolve(contract, p) as unknown as Parameter);
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Record<string, unknown> | undefined;
      if (!operation) continue;
      const own = ((operation.parameters as unknown[]) ?? []).map((p) => resolve(contract, p) as unknown as Parameter);
      const requestBody = operation.requestBody as { required?: boolean; content?: Record<string, { schema?: unknown }> } | undefined;
      const content = requestBody?.content ?? {};
      const security = (operation.security ?? contract.security ?? []) as unknown[];
      shapes.push({
        operationId: operation.operationId as string,
        method: method.toUpperCase(),
        path,
        parameters: [...shared, ...own],
        jsonBody: content['application/json']?.schema as Schema | undefined,
        bodyMediaTypes: Object.keys(content),
        bodyRequired: requestBody?.required === true,
        isPublic: security.length === 0,
      });
    }
  }
  return shapes;
}

/** Follows `$ref`s (local ones, as the contract writes them). */
export function resolve(contract: Contract, node: unknown): Schema {
  let current = node as Schema;
  for (let depth = 0; typeof current?.$ref === 'string'; depth += 1) {
    if (depth > 20) throw new Error(`A $ref loop at ${String(current.$ref)}`);
    current = (current.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], contract) as Schema;
  }
  return current;
}

/** A name that holds a row id or a processor id (the tenant isolation matrix uses the same rule). */
export function isIdName(name: string): boolean {
  return name === 'id' || /Ids?$/.test(name) || name === 'clientSecret';
}

function typesOf(schema: Schema): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type as string[];
  return typeof type === 'string' ? [type] : [];
}

/** The values an out-of-range integer takes when the contract sets no maximum. */
const HUGE_INTEGERS: [string, number][] = [
  ['2^31 (past a 32-bit column)', 2 ** 31],
  ['2^53 + 2 (past exact doubles)', 2 ** 53 + 2],
  ['1e20', 1e20],
];

/** Dates that pass a lax check but are not real, or are at the edges of the calendar. */
const BAD_DATE_TIMES = ['yesterday', '2026-02-31T00:00:00Z', '2026-13-01T00:00:00Z', '2026-01-01', '2026-01-01T25:00:00Z', '2026-12-31T23:59:60Z', '2026-01-01T00:00:00'];
/** Valid RFC 3339 (lower-case t and z included), at the edges of what a database stores. */
const EDGE_DATE_TIMES = ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-14:00', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-01-01T00:00:00+14:00', '2026-01-01T00:00:00.123456789Z', '2026-01-01t00:00:00z'];

// ---------------------------------------------------------------- body variants

type PathKey = string | number;

/** Variants of a JSON body, one per way each property of the schema can be broken. */
export function bodyVariants(contract: Contract, rootSchema: Schema): Variant[] {
  const variants: Variant[] = [];
  const seen = new Set<Schema>();

  const set = (path: PathKey[], label: string, expect: Variant['expect'], value: unknown | typeof REMOVE) => {
    variants.push({
      label: `body${path.length ? `.${path.join('.')}` : ''}: ${label}`,
      expect,
      apply: (base) => {
        const body = structuredClone(base.body);
        if (path.length === 0) return value === REMOVE ? undefined : { ...base, body: value };
        const parent = path.slice(0, -1).reduce<unknown>((at, key) => (isContainer(at) ? (at as Record<PathKey, unknown>)[key] : undefined), body);
        if (!isContainer(parent)) return undefined;
        const key = path.at(-1)!;
        if (value === REMOVE) {
          if (!(key in (parent as object))) return undefined;
          delete (parent as Record<PathKey, unknown>)[key];
        } else {
          (parent as Record<PathKey, unknown>)[key] = typeof value === 'function' ? (value as (old: unknown) => unknown)((parent as Record<PathKey, unknown>)[key]) : value;
        }
        return { ...base, body };
      },
    });
  };

  const walk = (node: unknown, path: PathKey[], name: string) => {
    const schema = resolve(contract, node);
    if (seen.has(schema) && path.length > 6) return;
    seen.add(schema);
    for (const part of (schema.allOf as unknown[]) ?? []) walk(part, path, name);
    const types = typesOf(schema);
    const nullable = types.includes('null');
    const idLike = isIdName(name);

    if (types.includes('object')) {
      set(path, 'a string instead of an object', '4xx', 'not an object');
      set(path, 'an array instead of an object', '4xx', []);
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      for (const required of (schema.required as string[]) ?? []) set([...path, required], 'missing (required)', '4xx', REMOVE);
      if (schema.additionalProperties === false) set([...path, 'unexpectedField'], 'a property the schema does not allow', '4xx', 'surprise');
      if (typeof schema.minProperties === 'number' && path.length === 0) set(path, 'no properties at all', '4xx', {});
      if (schema.additionalProperties === true) {
        variants.push(deeplyNestedVariant(path, 5000));
        set([...path, 'big'], 'free-form data of 60,000 keys', 'not-5xx', Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i])));
      }
      for (const [property, child] of Object.entries(properties)) walk(child, [...path, property], property);
    }
    if (types.includes('array')) {
      set(path, 'an object instead of an array', '4xx', { 0: 1 });
      set(path, 'a number instead of an array', '4xx', 1);
      if (typeof schema.maxItems === 'number') {
        const over = schema.maxItems + 1;
        set(path, `${over} items (maxItems ${schema.maxItems})`, '4xx', (old: unknown) =>
          Array.from({ length: over }, (_, i) => (Array.isArray(old) && old.length > 0 ? old[0] : i + 1)),
        );
      }
      if (schema.uniqueItems === true) set(path, 'a repeated item', '4xx', (old: unknown) => (Array.isArray(old) && old.length > 0 ? [old[0], old[0]] : [1, 1]));
      if (schema.items) walk(schema.items, [...path, 0], name.replace(/s$/, ''));
    }
    if (types.includes('integer') || types.includes('number')) {
      set(path, 'a numeric string instead of a number', '4xx', '1');
      if (!nullable) set(path, 'null', '4xx', null);
      if (types.includes('integer')) set(path, 'a fraction', '4xx', 1.5);
      if (typeof schema.minimum === 'number') set(path, `${schema.minimum - 1} (minimum ${schema.minimum})`, '4xx', schema.minimum - 1);
      if (typeof schema.maximum === 'number') set(path, `${schema.maximum + 1} (maximum ${schema.maximum})`, '4xx', schema.maximum + 1);
      if (typeof schema.maximum !== 'number') {
        // An id that big names no row: 4xx. A count the contract does not bound may be stored as sent.
        for (const [label, value] of HUGE_INTEGERS) set(path, `huge: ${label}`, idLike ? '4xx' : 'not-5xx', value);
      }
      set(path, 'negative', typeof schema.minimum === 'number' ? '4xx' : 'not-5xx', -7);
    }
    if (types.includes('string')) {
      set(path, 'a number instead of a string', '4xx', 12345);
      set(path, 'an object instead of a string', '4xx', { text: 'x' });
      if (!nullable) set(path, 'null', '4xx', null);
      if (typeof schema.minLength === 'number' && schema.minLength > 0) set(path, `shorter than minLength ${schema.minLength}`, '4xx', 'x'.repeat(schema.minLength - 1));
      if (typeof schema.maxLength === 'number') set(path, `longer than maxLength ${schema.maxLength}`, '4xx', 'x'.repeat(schema.maxLength + 1));
      const mismatch = typeof schema.pattern === 'string' ? notMatching(schema.pattern, 'no match ☃') : undefined;
      if (mismatch !== undefined) set(path, `not matching ${schema.pattern}`, '4xx', mismatch);
      if (Array.isArray(schema.enum)) set(path, 'a value outside the enum', '4xx', 'unknown-enum-value');
      if (schema.format === 'email') set(path, 'not an e-mail address', '4xx', 'not-an-email');
      if (schema.format === 'date-time') for (const bad of BAD_DATE_TIMES) set(path, `bad date-time ${bad}`, '4xx', bad);
      if (!schema.pattern && !schema.enum && !schema.format) {
        set(path, 'control characters', 'not-5xx', 'a\u0000b\u0007c');
        set(path, 'a lone surrogate', 'not-5xx', 'a\ud800c');
      }
    }
    if (types.includes('boolean')) {
      set(path, 'a string instead of a boolean', '4xx', 'true');
      set(path, 'a number instead of a boolean', '4xx', 1);
    }
    if (Array.isArray(schema.enum) && !types.includes('string')) set(path, 'a value outside the enum', '4xx', 'unknown-enum-value');
  };

  walk(rootSchema, [], '');
  return variants;
}

const REMOVE = Symbol('remove');

/** Free-form data nested `depth` levels deep at `path`, written as JSON text (too deep for JSON.stringify). */
function deeplyNestedVariant(path: PathKey[], depth: number): Variant {
  const marker = '__deeply_nested__';
  return {
    label: `body${path.length ? `.${path.join('.')}` : ''}.deep: free-form data nested ${depth} levels deep`,
    expect: 'not-5xx',
    apply: (base) => {
      const body = structuredClone(base.body);
      const parent = path.reduce<unknown>((at, key) => (isContainer(at) ? (at as Record<PathKey, unknown>)[key] : undefined), body);
      if (!isContainer(parent)) return undefined;
      (parent as Record<string, unknown>).deep = marker;
      const text = JSON.stringify(body).replace(`"${marker}"`, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
      return { ...base, body: undefined, raw: { body: text, contentType: 'application/json' } };
    },
  };
}

function isContainer(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

// ---------------------------------------------------------------- parameter variants

/** Variants of the path, query and header parameters. */
export function parameterVariants(contract: Contract, parameters: Parameter[]): Variant[] {
  const variants: Variant[] = [];
  for (const parameter of parameters) {
    if (parameter.in === 'cookie') continue;
    const schema = resolve(contract, parameter.schema);
    const part = parameter.in === 'header' ? 'headers' : parameter.in;
    const put = (label: string, expect: Variant['expect'], value: string | string[] | undefined) =>
      variants.push({
        label: `${parameter.in} ${parameter.name}: ${label}`,
        expect,
        apply: (base) => {
          const values = { ...base[part] } as Record<string, string | string[]>;
          if (value === undefined) {
            if (!(parameter.name in values)) return undefined;
            delete values[parameter.name];
          } else {
            values[parameter.name] = value;
          }
          return { ...base, [part]: values };
        },
      });

    if (parameter.required && parameter.in !== 'path') put('missing (required)', '4xx', undefined);
    const types = typesOf(schema);
    const idLike = isIdName(parameter.name);
    if (types.includes('integer')) {
      put('not a number', '4xx', 'abc');
      put('a fraction', '4xx', '1.5');
      put('empty', parameter.in === 'path' ? '4xx' : 'not-5xx', '');
      put('a number with trailing text', '4xx', '12abc');
      put('hexadecimal', 'not-5xx', '0x10');
      if (typeof schema.minimum === 'number') {
        put(`${schema.minimum - 1} (minimum ${schema.minimum})`, '4xx', String(schema.minimum - 1));
        put('negative', '4xx', '-5');
      }
      if (typeof schema.maximum === 'number') put(`${schema.maximum + 1} (maximum ${schema.maximum})`, '4xx', String(schema.maximum + 1));
      else {
        for (const [label, value] of HUGE_INTEGERS) put(`huge: ${label}`, idLike ? '4xx' : 'not-5xx', BigInt(value).toString());
        put('huge: 400 digits', idLike ? '4xx' : 'not-5xx', '9'.repeat(400));
        if (idLike) put('an id no row has (2^31 - 1)', '4xx', String(2 ** 31 - 1));
      }
      if (parameter.in === 'query') put('given twice', '4xx', ['1', '2']);
    }
    if (types.includes('string')) {
      if (typeof schema.maxLength === 'number') put(`longer than maxLength ${schema.maxLength}`, '4xx', 'x'.repeat(schema.maxLength + 1));
      if (typeof schema.minLength === 'number' && schema.minLength > 0 && parameter.in !== 'path') put('empty', '4xx', '');
      const mismatch = typeof schema.pattern === 'string' ? notMatching(schema.pattern, 'no-match') : undefined;
      if (mismatch !== undefined) put(`not matching ${schema.pattern}`, '4xx', mismatch);
      if (Array.isArray(schema.enum)) put('a value outside the enum', '4xx', 'unknown-enum-value');
      if (schema.format === 'date-time') {
        for (const bad of BAD_DATE_TIMES) put(`bad date-time ${bad}`, '4xx', bad);
        for (const edge of EDGE_DATE_TIMES) put(`edge date-time ${edge}`, 'not-5xx', edge);
      }
      if (parameter.in === 'query') put('given twice', '4xx', ['a', 'b']);
      if (!schema.pattern && !schema.enum && !schema.format) put('a NUL character', 'not-5xx', 'a\u0000b');
      if (parameter.in === 'path') {
        variants.push({
          label: `path ${parameter.name}: bad percent-encoding`,
          expect: '4xx',
          apply: (base) => ({ ...base, rawPath: { ...base.rawPath, [parameter.name]: '%E0%A4%A' } }),
        });
      }
    }
  }
  return variants;
}

// ---------------------------------------------------------------- whole-request variants

/** A JSON body over the server's 1 MB limit. */
const OVERSIZED_JSON = JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 10) });

/** Variants of the body as a whole (encoding, content type, size) and of the credentials. */
export function requestVariants(shape: OperationShape): Variant[] {
  const variants: Variant[] = [];
  const raw = (label: string, body: string | Buffer, contentType?: string): Variant => ({
    label,
    expect: '4xx',
    apply: (base) => {
      const { body: _json, form: _form, ...rest } = base;
      return { ...rest, raw: { body, contentType } };
    },
  });
  if (shape.jsonBody) {
    variants.push(
      raw('malformed JSON', '{"name": "unterminated', 'application/json'),
      raw('JSON with a trailing comma', '{"a": 1,}', 'application/json'),
      raw('JSON with __proto__ (prototype poisoning)', '{"__proto__": {"isAdmin": true}}', 'application/json'),
      raw('JSON with constructor.prototype', '{"constructor": {"prototype": {"isAdmin": true}}}', 'application/json'),
      raw('a JSON body over the 1 MB limit', OVERSIZED_JSON, 'application/json'),
      raw('JSON nested 100,000 levels deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'application/json'),
      raw('invalid UTF-8 in JSON', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), 'application/json'),
      raw('an unknown charset', '{}', 'application/json; charset=klingon'),
    );
    if (shape.bodyRequired) variants.push(raw('an empty JSON body', '', 'application/json'));
  }
  if (shape.bodyMediaTypes.length > 0) {
    variants.push(raw('a text/plain body', 'hello', 'text/plain'), raw('an XML body', '<a>1</a>', 'application/xml'));
    if (!shape.bodyMediaTypes.includes('application/x-www-form-urlencoded')) variants.push(raw('a form body where JSON is expected', 'a=1&b=2', 'application/x-www-form-urlencoded'));
    if (!shape.bodyMediaTypes.includes('multipart/form-data')) variants.push(raw('a multipart body where JSON is expected', '--x\r\n\r\n--x--', 'multipart/form-data; boundary=x'));
    if (shape.bodyRequired) {
      variants.push({
        label: 'no body at all',
        expect: '4xx',
        apply: ({ body: _body, raw: _raw, form: _form, ...rest }) => rest,
      });
    }
  }
  if (shape.bodyMediaTypes.length === 0) {
    // No body is expected: whether the server reads it or not, it must not fail on it.
    variants.push(
      { ...raw('a malformed JSON body where none is expected', '{"unterminated', 'application/json'), expect: 'not-5xx' },
      { ...raw('a 2 MB body where none is expected', 'x'.repeat(2 * 1024 * 1024), 'application/octet-stream'), expect: 'not-5xx' },
    );
  }
  variants.push(
    { label: 'an unknown query parameter', expect: 'not-5xx', apply: (base) => ({ ...base, query: { ...base.query, unexpected: '1' } }) },
    {
      label: '1,000 unknown query parameters',
      expect: 'not-5xx',
      apply: (base) => ({ ...base, query: { ...base.query, ...Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`q${i}`, 'x'])) } }),
    },
  );
  if (!shape.isPublic) {
    const header = (label: string, authorization: string | undefined): Variant => ({
      label: `credentials: ${label}`,
      expect: '4xx',
      apply: (base) => {
        const { authorization: _valid, ...headers } = base.headers;
        return { ...base, noToken: true, headers: authorization === undefined ? headers : { ...headers, authorization } };
      },
    });
    variants.push(
      header('none', undefined),
      header('an unknown bearer token', 'Bearer not-a-real-token'),
      header('Bearer without a token', 'Bearer '),
      header('Basic instead of Bearer', 'Basic ZGVtbzpkZW1v'),
      header('a 6000-character token', `Bearer ${'a'.repeat(6000)}`),
      header('a token of control characters', 'Bearer \u0001\u0002'),
      // API keys (issue 19): 401 where the operation takes keys, 403 api_key_not_allowed where it does not.
      header('an unknown API key', `Bearer cbk_${'A'.repeat(43)}`),
      header('an API key of the wrong shape', 'Bearer cbk_short'),
      header('an API key of 6000 characters', `Bearer cbk_${'a'.repeat(6000)}`),
    );
  }
  return variants;
}

/**
 * A string `pattern` does not match (AJV reads patterns as unicode regular expressions): `usual`,
 * or, for a pattern that only asks for some character that is not a space (ApiKeyInput.name),
 * blanks or nothing.
 */
function notMatching(pattern: string, usual: string): string | undefined {
  return [usual, ' \t ', ''].find((candidate) => !new RegExp(pattern, 'u').test(candidate));
}

/** All variants of one operation. */
export function variantsFor(contract: Contract, shape: OperationShape): Variant[] {
  return [
    ...parameterVariants(contract, shape.parameters),
    ...(shape.jsonBody ? bodyVariants(contract, shape.jsonBody) : []),
    ...requestVariants(shape),
  ];
}

/** The URL of a request: its path with the parameters filled in, and its query string. */
export function urlOf(shape: OperationShape, parts: RequestParts): string {
  const path = shape.path.replace(/\{([^}]+)\}/g, (_, name: string) => parts.rawPath?.[name] ?? encodeURIComponent(parts.path[name] ?? ''));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parts.query)) {
    for (const one of Array.isArray(value) ? value : [value]) query.append(name, one);
  }
  const search = query.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}
