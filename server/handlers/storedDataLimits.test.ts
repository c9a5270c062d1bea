import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { users } from '../db/schema/accounts.ts';
import { files } from '../db/schema/toolbox.ts';
import { UPLOAD_QUOTA } from '../domain/files/uploads.ts';
import { METADATA_MAX_BYTES } from '../domain/users/registrationMetadata.ts';
import { uniqueEmail } from '../test/accounts.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { addWebsite, addWidget, expectStatus, multipartBody, signedInClient, TINY_PNG, widgetBody, type Client } from '../test/toolbox.ts';

// Issue 15, finding 11 (stored data): registration stored 0.9 MB of metadata, and uploads had
// no quota and no way to delete one.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const register = (email: string, metadata: unknown, remoteAddress: string) =>
  server.request({
    method: 'POST',
    url: '/api/user/register',
    remoteAddress,
    body: { fullname: 'Meta Data', email, phone: '+12015550123', password: 'secret-1', timezone: 'UTC', captchaToken: 't', metadata },
  });

describe('registration metadata', () => {
  it('refuses 0.9 MB of metadata with a clear 400 and stores nothing; 2 KB passes', async () => {
    const email = uniqueEmail('bulky');
    const bulky = await register(email, { blob: 'x'.repeat(900_000) }, '10.150.0.1');
    expect(bulky.status).toBe(400);
    expect(bulky.body).toEqual({ error: 'invalid_request', error_description: `Field metadata must be at most ${METADATA_MAX_BYTES} bytes as JSON.` });
    expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const justOver = await register(uniqueEmail('over'), { note: 'é'.repeat(1020) }, '10.150.0.2');
    expect(justOver.status).toBe(400);
    const fits = { campaign: 'spring', note: 'y'.repeat(METADATA_MAX_BYTES - 40) };
    expect(Buffer.byteLength(JSON.stringify(fits))).toBeLessThanOrEqual(METADATA_MAX_BYTES);
    const okEmail = uniqueEmail('fits');
    expect((await register(okEmail, fits, '10.150.0.3')).status).toBe(201);
    const [row] = await server.db.select({ metadata: users.metadata }).from(users).where(eq(users.email, okEmail));
    expect(row!.metadata).toEqual(fits);
  });
});

const upload = (client: Client, filename = 'logo.png') =>
  client.call({ method: 'POST', url: '/api/user/files', ...multipartBody([{ name: 'file', filename, contentType: 'image/png', data: TINY_PNG }]) });

/** Rows standing for files the account already keeps (their bytes do not matter here). */
async function keepFiles(userId: number, sizes: number[]) {
  await server.db.insert(files).values(
    sizes.map((size, index) => ({ userId, filename: `old-${index}.png`, storageKey: `uploads/old${userId}x${index}`, contentType: 'image/png', size })),
  );
}

async function usage(userId: number) {
  const [row] = await server.db
    .select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
    .from(files)
    .where(eq(files.userId, userId));
  return { files: Number(row!.files), bytes: Number(row!.bytes) };
}

describe('upload quota', () => {
  it(`keeps at most ${UPLOAD_QUOTA.files} files, exactly, under parallel uploads`, async () => {
    const client = await signedInClient(server);
    await keepFiles(client.userId, Array.from({ length: UPLOAD_QUOTA.files - 2 }, () => 10));
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => upload(client, `burst-${index}.png`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error).toBe('upload_quota_exceeded');
    expect(refused.body.error_description).toMatch(/at most 100 files and 50 MB/);
    expect((await usage(client.userId)).files).toBe(UPLOAD_QUOTA.files);
  });

  it(`keeps at most ${UPLOAD_QUOTA.bytes} bytes, exactly, under parallel uploads`, async () => {
    const client = await signedInClient(server);
    await keepFiles(client.userId, [UPLOAD_QUOTA.bytes - TINY_PNG.length]);
    const answers = await Promise.all(Array.from({ length: 4 }, (_, index) => upload(client, `byte-${index}.png`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await usage(client.userId)).toEqual({ files: 2, bytes: UPLOAD_QUOTA.bytes });
  });
});

describe('DELETE /user/files/{fileId}', () => {
  it('deletes the file, its URL answers 404, and the room it took is free again', async () => {
    const client = await signedInClient(server);
    await keepFiles(client.userId, Array.from({ length: UPLOAD_QUOTA.files - 1 }, () => 10));
    const listed = expectStatus(await upload(client, 'last.png'), 201).data as Array<{ id: string; filename: string; url: string }>;
    const last = listed.find((file) => file.filename === 'last.png')!;
    expect(last.url).toContain(`/files/${last.id}/`);
    expect((await upload(client, 'one-more.png')).status).toBe(409);

    expect((await client.call({ method: 'DELETE', url: `/api/user/files/${last.id}` })).status).toBe(204);
    expect((await server.request({ method: 'GET', url: new URL(last.url).pathname })).status).toBe(404);
    const after = expectStatus(await client.call({ method: 'GET', url: '/api/user/files' }), 200).data as Array<{ id: string }>;
    expect(after.map((file) => file.id)).not.toContain(last.id);
    expect((await client.call({ method: 'DELETE', url: `/api/user/files/${last.id}` })).status).toBe(404);
    expect((await upload(client, 'one-more.png')).status).toBe(201);
  });

  it("answers 404 for another account's file and leaves it in place", async () => {
    const owner = await signedInClient(server);
    const intruder = await signedInClient(server);
    const [file] = expectStatus(await upload(owner), 201).data as Array<{ id: string; url: string }>;
    const attempt = await intruder.call({ method: 'DELETE', url: `/api/user/files/${file!.id}` });
    expect(attempt.status).toBe(404);
    expect(attempt.body.error).toBe('not_found');
    expect((await server.request({ method: 'GET', url: new URL(file!.url).pathname })).status).toBe(200);
  });

  it('refuses with 409 file_in_use while a widget shows the file, and deletes it once the widget moved on', async () => {
    const client = await signedInClient(server);
    const [file] = expectStatus(await upload(client, 'face.png'), 201).data as Array<{ id: string; url: string }>;
    const website = await addWebsite(client, `files-${process.pid}-${Date.now().toString(36)}.example.com`);
    const settings = defaultWidgetConfiguration('+14155550123');
    settings.callSetup.picture = { ...settings.callSetup.picture, isActive: true, src: file!.url };
    const widget = await addWidget(client, widgetBody(website.id, { settings }));

    const refused = await client.call({ method: 'DELETE', url: `/api/user/files/${file!.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'file_in_use', error_description: 'This file is used by a widget. Choose another file in that widget first, then delete this one.' });
    expect((await server.request({ method: 'GET', url: new URL(file!.url).pathname })).status).toBe(200);

    const elsewhere = defaultWidgetConfiguration('+14155550123');
    expectStatus(await client.call({ method: 'PUT', url: `/api/client/widgets/${widget.id}`, body: widgetBody(website.id, { settings: elsewhere }) }), 200);
    expect((await client.call({ method: 'DELETE', url: `/api/user/files/${file!.id}` })).status).toBe(204);
  });
});
