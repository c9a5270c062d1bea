import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '../domain/files/uploads.ts';
import { startTestServer, TEST_PUBLIC_URL, type TestServer } from '../test/harness.ts';
import { type Client, expectStatus, multipartBody, type MultipartPart, signedInClient, TINY_PNG, tinyWav } from '../test/toolbox.ts';

let server: TestServer;
let dataDir: string;
let client: Client;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
  server = await startTestServer({ config: { dataDir } });
  client = await signedInClient(server);
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function upload(parts: MultipartPart[], as: Client = client) {
  return as.call({ method: 'POST', url: '/api/user/files', ...multipartBody(parts) });
}

function uploadFile(filename: string, data: Buffer, as: Client = client) {
  return upload([{ name: 'file', filename, contentType: 'application/octet-stream', data }], as);
}

async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(dataDir, 'files', 'uploads'));
  } catch {
    return [];
  }
}

/** The path of a served file, for requests to this server. */
function pathOf(url: string): string {
  return url.slice(TEST_PUBLIC_URL.length);
}

describe('POST /user/files', () => {
  it('stores a real 1×1 PNG and answers the caller’s file list with its public URL', async () => {
    const owner = await signedInClient(server);
    const body = expectStatus(await uploadFile('pixel.png', TINY_PNG, owner), 201);
    expect(body.data).toEqual([{ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), filename: 'pixel.png', url: expect.stringMatching(new RegExp(`^${TEST_PUBLIC_URL}/files/[A-Za-z0-9_-]{22}/pixel\\.png$`)) }]);
    expect(body.data[0].url).toContain(`/files/${body.data[0].id}/`);

    const served = await server.request({ method: 'GET', url: pathOf(body.data[0].url) });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const bytes = await server.app.inject({ method: 'GET', url: pathOf(body.data[0].url) });
    expect(bytes.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('stores a real WAV, served as audio/wav with byte ranges for audio players', async () => {
    const wav = tinyWav();
    const body = expectStatus(await uploadFile('hold music.wav', wav), 201);
    const file = body.data.find((entry: { filename: string }) => entry.filename === 'hold music.wav');
    expect(file.url).toMatch(/\/hold-music\.wav$/);

    const whole = await server.app.inject({ method: 'GET', url: pathOf(file.url) });
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.rawPayload.equals(wav)).toBe(true);
    const part = await server.app.inject({ method: 'GET', url: pathOf(file.url), headers: { range: 'bytes=0-43' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-43/${wav.length}`);
    expect(part.rawPayload.equals(wav.subarray(0, 44))).toBe(true);
    const beyond = await server.app.inject({ method: 'GET', url: pathOf(file.url), headers: { range: `bytes=${wav.length}-` } });
    expect(beyond.statusCode).toBe(416);
    const cached = await server.app.inject({ method: 'GET', url: pathOf(file.url), headers: { 'if-none-match': String(whole.headers.etag) } });
    expect(cached.statusCode).toBe(304);
  });

  it('reads the type from the content: a text file named .png is refused (400 unsupported_file_type), nothing stored', async () => {
    const before = await storedFiles();
    const answer = await upload([{ name: 'file', filename: 'notes.png', contentType: 'image/png', data: 'just some text, not a picture\n' }]);
    expect(expectStatus(answer, 400)).toMatchObject({ error: 'unsupported_file_type' });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses SVG (it can carry script)', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(expectStatus(await upload([{ name: 'file', filename: 'logo.svg', contentType: 'image/svg+xml', data: svg }]), 400).error).toBe('unsupported_file_type');
  });

  it('refuses a file of a type the spec does not list (a PDF)', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    expect(expectStatus(await uploadFile('menu.png', pdf), 400).error).toBe('unsupported_file_type');
  });

  it('accepts 5,000,000 bytes and refuses 5,000,001 with the spec’s message (413)', async () => {
    const padded = (size: number) => Buffer.concat([TINY_PNG, Buffer.alloc(size - TINY_PNG.length)]);
    expect((await uploadFile('largest.png', padded(UPLOAD_LIMIT_BYTES))).status).toBe(201);
    const before = await storedFiles();
    const tooLarge = await uploadFile('too-large.png', padded(UPLOAD_LIMIT_BYTES + 1));
    expect(expectStatus(tooLarge, 413)).toEqual({ error: 'payload_too_large', error_description: 'The image size limit is 5MB.' });
    expect(await storedFiles()).toEqual(before);
  });

  it('keeps the name the user chose, without directories; the URL gets a safe name', async () => {
    const body = expectStatus(await uploadFile('../../etc/My Logo (1).PNG', TINY_PNG), 201);
    const file = body.data.find((entry: { filename: string }) => entry.filename === 'My Logo (1).PNG');
    expect(file.url).toMatch(/\/My-Logo-1\.png$/);
  });

  it('takes the file from another field name and ignores other form fields', async () => {
    const answer = await upload([
      { name: 'purpose', data: 'widget picture' },
      { name: 'avatar.png', filename: 'avatar.png', contentType: 'image/png', data: TINY_PNG },
    ]);
    expect(expectStatus(answer, 201).data.some((entry: { filename: string }) => entry.filename === 'avatar.png')).toBe(true);
  });

  it('answers 400 without a file, with two files, or for a broken multipart body', async () => {
    expect(expectStatus(await upload([{ name: 'note', data: 'no file here' }]), 400).error).toBe('invalid_request');
    const two = await upload([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: TINY_PNG },
      { name: 'file', filename: 'b.png', contentType: 'image/png', data: TINY_PNG },
    ]);
    expect(expectStatus(two, 400).error).toBe('invalid_request');
    const { rawBody, contentType } = multipartBody([{ name: 'file', filename: 'cut.png', data: TINY_PNG }]);
    const cut = await client.call({ method: 'POST', url: '/api/user/files', rawBody: rawBody.subarray(0, rawBody.length - 20), contentType });
    expect(expectStatus(cut, 400).error).toBe('invalid_request');
    const noBoundary = await client.call({ method: 'POST', url: '/api/user/files', rawBody: 'x', contentType: 'multipart/form-data' });
    expect(noBoundary.status).toBe(400);
  });

  it('answers 415 for a JSON body and 401 without a token', async () => {
    expect((await client.call({ method: 'POST', url: '/api/user/files', body: { file: 'x' } })).status).toBe(415);
    const anonymous = await server.request({ method: 'POST', url: '/api/user/files', ...multipartBody([{ name: 'file', filename: 'a.png', data: TINY_PNG }]) });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /user/files', () => {
  it('lists only the caller’s files, newest first (the SPA finds the latest upload by name)', async () => {
    const owner = await signedInClient(server);
    const stranger = await signedInClient(server);
    const first = expectStatus(await uploadFile('logo.png', TINY_PNG, owner), 201).data[0];
    expectStatus(await uploadFile('logo.png', TINY_PNG, owner), 201);
    const list = expectStatus(await owner.call({ method: 'GET', url: '/api/user/files' }), 200).data;
    expect(list).toHaveLength(2);
    expect(list[1]).toEqual(first);
    expect(list[0].url).not.toBe(first.url);
    expect(expectStatus(await stranger.call({ method: 'GET', url: '/api/user/files' }), 200)).toEqual({ data: [] });
  });

  it('serves nothing for an unknown file id', async () => {
    expect((await server.request({ method: 'GET', url: '/files/AAAAAAAAAAAAAAAAAAAAAA/x.png' })).status).toBe(404);
    expect((await server.request({ method: 'GET', url: '/files/..%2F..%2Fetc/passwd' })).status).toBe(404);
  });
});
