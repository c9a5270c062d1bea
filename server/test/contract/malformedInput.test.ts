// Issue 3, "Bad input and isolation": every operation of openapi/dashboard.yaml answers malformed
// input with a 4xx `Error` and never a 5xx. The variants are generated from the contract
// (malformedVariants.ts) and sent on top of one valid request per operation (validInputs.ts);
// the harness checks every answer against the contract as well.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '../../domain/files/uploads.ts';
import { listOperations, loadContract } from '../../http/contract.ts';
import type { ApiRequest, TestServer } from '../harness.ts';
import { startTestServer } from '../harness.ts';
import { multipartBody, TINY_PNG } from '../toolbox.ts';
import { operationShapes, type RequestParts, urlOf, type Variant, variantsFor } from './malformedVariants.ts';
import { makeTenant, type Tenant } from './tenantFixtures.ts';
import { VALID_INPUTS } from './validInputs.ts';

const contract = loadContract();
const shapes = operationShapes(contract);

let server: TestServer;
let tenant: Tenant;
beforeAll(async () => {
  server = await startTestServer();
  tenant = await makeTenant(server, 'malformed');
});
afterAll(() => server?.close());

function multipart(parts: Parameters<typeof multipartBody>[0]): RequestParts {
  const { rawBody, contentType } = multipartBody(parts);
  return { path: {}, query: {}, headers: {}, raw: { body: rawBody, contentType } };
}

const replace = (label: string, parts: RequestParts): Variant => ({ label, expect: '4xx', apply: () => parts });

/** Variants the contract cannot describe: multipart bodies and the token endpoint's form body. */
const EXTRA_VARIANTS: Record<string, Variant[]> = {
  uploadFiles: [
    replace('a file over the 5 MB limit', multipart([{ name: 'file', filename: 'big.png', contentType: 'image/png', data: Buffer.concat([TINY_PNG, Buffer.alloc(UPLOAD_LIMIT_BYTES)]) }])),
    replace('a 12 MB file (far over the limit)', multipart([{ name: 'file', filename: 'huge.wav', contentType: 'audio/wav', data: Buffer.alloc(12_000_000, 1) }])),
    replace('no file part', multipart([{ name: 'note', data: 'hello' }])),
    replace('two file parts', multipart([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: TINY_PNG },
      { name: 'file', filename: 'b.png', contentType: 'image/png', data: TINY_PNG },
    ])),
    replace('a text file named .png', multipart([{ name: 'file', filename: 'fake.png', contentType: 'image/png', data: 'just text' }])),
    replace('an SVG picture', multipart([{ name: 'file', filename: 'x.svg', contentType: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }])),
    replace('an empty file', multipart([{ name: 'file', filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) }])),
    replace('a file part without a filename', multipart([{ name: 'file', contentType: 'image/png', data: TINY_PNG }])),
    // The server keeps a safe name of its own for these: any answer but a 5xx will do.
    { ...replace('a filename that is only a path', multipart([{ name: 'file', filename: '../../', contentType: 'image/png', data: TINY_PNG }])), expect: 'not-5xx' },
    { ...replace('a 5,000-character filename', multipart([{ name: 'file', filename: `${'a'.repeat(5000)}.png`, contentType: 'image/png', data: TINY_PNG }])), expect: 'not-5xx' },
    replace('multipart without a boundary', { path: {}, query: {}, headers: {}, raw: { body: 'hello', contentType: 'multipart/form-data' } }),
    replace('multipart cut off mid-part', {
      path: {},
      query: {},
      headers: {},
      raw: { body: '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=cut' },
    }),
    replace('multipart with a broken part header', {
      path: {},
      query: {},
      headers: {},
      raw: { body: '--b\r\nthis is not a header\r\n\r\ndata\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
    }),
    replace('an empty multipart body', { path: {}, query: {}, headers: {}, raw: { body: '', contentType: 'multipart/form-data; boundary=b' } }),
    replace('too many fields', multipart(Array.from({ length: 2000 }, (_, i) => ({ name: `f${i}`, data: 'x' })))),
  ],
  createToken: [
    ...[
      ['no grant_type', { username: 'a@example.com', password: 'secret-1' }],
      ['an unknown grant_type', { grant_type: 'client_credentials' }],
      ['password grant without a password', { grant_type: 'password', username: 'a@example.com' }],
      ['refresh grant without a token', { grant_type: 'refresh_token' }],
      ['an overlong refresh token', { grant_type: 'refresh_token', refresh_token: 'r'.repeat(600) }],
      ['an unknown field', { grant_type: 'password', username: 'a@example.com', password: 'secret-1', scope: 'admin' }],
    ].map(([label, form]) => replace(`form: ${label as string}`, { path: {}, query: {}, headers: {}, form: form as Record<string, string>, noToken: true })),
    replace('form: a field given twice', {
      path: {},
      query: {},
      headers: {},
      raw: { body: 'grant_type=password&grant_type=refresh_token&username=a%40example.com&password=secret-1', contentType: 'application/x-www-form-urlencoded' },
      noToken: true,
    }),
    replace('form: bad percent-encoding', {
      path: {},
      query: {},
      headers: {},
      raw: { body: 'grant_type=password&username=%E0%A4%A&password=%zz', contentType: 'application/x-www-form-urlencoded' },
      noToken: true,
    }),
  ],
};

let addressSerial = 0;
/** A fresh client address per request, so per-address rate limits never hide an answer. */
function nextAddress(): string {
  addressSerial += 1;
  return `10.${(addressSerial >> 16) & 255}.${(addressSerial >> 8) & 255}.${addressSerial & 255}`;
}

function toRequest(shape: (typeof shapes)[number], parts: RequestParts): ApiRequest {
  const request: ApiRequest = {
    method: shape.method as ApiRequest['method'],
    url: urlOf(shape, parts),
    headers: { ...parts.headers },
    remoteAddress: nextAddress(),
  };
  if (!parts.noToken) request.token = tenant.token;
  if (parts.raw) {
    request.rawBody = parts.raw.body;
    request.contentType = parts.raw.contentType;
  } else if (parts.form) request.form = parts.form;
  else if (parts.body !== undefined) request.body = parts.body;
  return request;
}

describe('the malformed-input suite', () => {
  it('has a valid request for every operation of the contract, and none for operations it lacks', () => {
    const operationIds = listOperations(contract).map((op) => op.operationId);
    expect(operationIds.filter((id) => !VALID_INPUTS[id]), 'operations without a valid input in server/test/contract/validInputs.ts').toEqual([]);
    expect(Object.keys(VALID_INPUTS).filter((id) => !operationIds.includes(id)), 'valid inputs for operations the contract does not have').toEqual([]);
    expect(Object.keys(EXTRA_VARIANTS).filter((id) => !operationIds.includes(id))).toEqual([]);
  });
});

describe.each(shapes.map((shape) => [shape.operationId, shape] as const))('%s', (operationId, shape) => {
  const variants = [...variantsFor(contract, shape), ...(EXTRA_VARIANTS[operationId] ?? [])];

  it(`answers each malformed variant of its input with a 4xx error, never a 5xx`, async () => {
    const input = VALID_INPUTS[operationId];
    if (!input) throw new Error(`No valid input for ${operationId} in server/test/contract/validInputs.ts`);
    const base = await input.make(server, tenant);
    const problems: string[] = [];
    let sent = 0;
    const send = async (variant: Variant) => {
      const parts = variant.apply(base);
      if (!parts) return;
      sent += 1;
      let response;
      try {
        response = await server.request(toRequest(shape, parts));
      } catch (error) {
        // The harness throws when an answer breaks the contract (e.g. an error body that is not `Error`).
        problems.push(`${variant.label}: ${(error as Error).message}`);
        return;
      }
      const { status } = response;
      // `not-5xx` also allows what the valid request answers (the Stripe webhook's 501 without Stripe).
      const ok = variant.expect === '4xx' ? status >= 400 && status < 500 : status < 500 || status === input.status;
      if (!ok) problems.push(`${variant.label}: answered ${status} ${response.text.slice(0, 300)}`);
    };

    for (const variant of variants.filter((v) => v.expect === '4xx')) await send(variant);
    // The valid request itself works: the variants broke it, not the fixture. It goes before the
    // `not-5xx` variants, which may be accepted and so, e.g., delete the row first.
    const valid = await server.request(toRequest(shape, base));
    expect(valid.status, valid.text).toBe(input.status);
    for (const variant of variants.filter((v) => v.expect === 'not-5xx')) await send(variant);

    expect(problems, `${problems.length} of ${sent} variants`).toEqual([]);
    expect(sent).toBeGreaterThan(0);
  });
});

describe('bad input the schemas alone let through answers a clear 400', () => {
  it.each([
    ['an id past the 32-bit columns', { method: 'GET', url: '/api/client/calls/2147483648/recording' }, 400, 'Path parameter id must be at most 2147483647.'],
    ['a page of 400 digits (Infinity once coerced)', { method: 'GET', url: `/api/client/calls?page=${'9'.repeat(400)}` }, 400, 'Query parameter page must be of type integer.'],
    ['a body id past the 32-bit columns', { method: 'POST', url: '/api/client/payments', body: { packId: 2 ** 31 } }, 400, 'Field packId must be at most 2147483647.'],
    ['a leap second JavaScript cannot represent', { method: 'GET', url: '/api/client/calls?dateFrom=2026-12-31T23:59:60Z' }, 400, 'Query parameter dateFrom must be a valid date and time (ISO 8601).'],
    ['year 0, which PostgreSQL does not have', { method: 'GET', url: '/api/client/payments?dateFrom=0000-01-01T00:00:00Z' }, 400, 'Query parameter dateFrom must be a valid date and time (ISO 8601).'],
    ['a NUL character in a name', { method: 'POST', url: '/api/client/agents', body: { name: 'Grace\u0000Hopper', phone: '+14155550123' } }, 400, 'Text in the request body must not contain NUL characters (\\u0000).'],
    ['bad percent-encoding in the path', { method: 'PUT', url: '/api/client/agents/%E0%A4%A', body: { phone: '+14155550123' } }, 400, 'The URL is not valid (bad percent-encoding).'],
    ['a path parameter past the router limit', { method: 'POST', url: `/api/user/verify-email/${'x'.repeat(600)}` }, 414, 'A path parameter of the URL is too long.'],
  ] as const)('%s', async (_label, request, status, description) => {
    const response = await server.request({ ...request, token: tenant.token, remoteAddress: nextAddress() } as ApiRequest);
    expect(response.status, response.text).toBe(status);
    expect(response.body).toEqual({ error: 'invalid_request', error_description: description });
  });

  it('refuses JSON nested deeper than 64 levels, e.g. in free-form registration metadata', async () => {
    const metadata = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
    const body = `{"fullname":"Grace Hopper","email":"deep@example.com","phone":"+14155550123","password":"correct-horse","timezone":"Europe/London","captchaToken":"t","metadata":${metadata}}`;
    const response = await server.request({ method: 'POST', url: '/api/user/register', rawBody: body, contentType: 'application/json', remoteAddress: nextAddress() });
    expect(response.status, response.text).toBe(400);
    expect(response.body.error_description).toBe('The request body is nested more than 64 levels deep.');
  });

  it('a verification code as long as the contract allows (200) reaches the handler: 404 invalid_code, not 414', async () => {
    const response = await server.request({ method: 'POST', url: `/api/user/verify-email/${'x'.repeat(200)}`, remoteAddress: nextAddress() });
    expect(response.status, response.text).toBe(404);
    expect(response.body.error).toBe('invalid_code');
  });
});
