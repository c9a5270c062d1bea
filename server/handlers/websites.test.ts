import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../db/schema/toolbox.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { addWebsite, addWidget, type Client, expectStatus, signedInClient, widgetBody } from '../test/toolbox.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('POST /client/websites', () => {
  let client: Client;
  beforeAll(async () => {
    client = await signedInClient(server);
  });

  it('adds a website with a public key and no widgets', async () => {
    const created = expectStatus(await client.call({ method: 'POST', url: '/api/client/websites', body: { domain: 'shop.example.com' } }), 201);
    expect(created).toMatchObject({ domain: 'shop.example.com', widgetCount: 0 });
    expect(created.publicKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(Date.parse(created.createdAt)).not.toBeNaN();
  });

  it.each([
    ['  HTTPS://Blog.Example.ORG/posts/1?ref=x  ', 'blog.example.org'],
    ['www.example.net.', 'www.example.net'],
    ['example.io:8443', 'example.io'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('normalizes %j to %s', async (typed, domain) => {
    expect((await addWebsite(client, typed)).domain).toBe(domain);
  });

  it('refuses a second website with the same domain, however it is typed (409 website_exists)', async () => {
    await addWebsite(client, 'twice.example.com');
    const again = await client.call({ method: 'POST', url: '/api/client/websites', body: { domain: 'https://TWICE.example.com/' } });
    expect(expectStatus(again, 409)).toEqual({ error: 'website_exists', error_description: 'You already have the website twice.example.com.' });
  });

  it('lets two clients add the same domain, each with its own key', async () => {
    const other = await signedInClient(server);
    const mine = await addWebsite(client, 'shared.example.com');
    const theirs = await addWebsite(other, 'shared.example.com');
    expect(theirs.publicKey).not.toBe(mine.publicKey);
  });

  it.each(['localhost', '127.0.0.1', 'not a domain', 'https://', 'example', ''])('answers 400 for %j', async (domain) => {
    const response = await client.call({ method: 'POST', url: '/api/client/websites', body: { domain } });
    expect(expectStatus(response, 400).error).toBe('invalid_request');
  });

  it('answers 400 for a missing domain or an unknown field', async () => {
    expect((await client.call({ method: 'POST', url: '/api/client/websites', body: {} })).status).toBe(400);
    expect((await client.call({ method: 'POST', url: '/api/client/websites', body: { domain: 'x.example.com', publicKey: 'mine' } })).status).toBe(400);
  });

  it('needs a bearer token', async () => {
    const response = await server.request({ method: 'POST', url: '/api/client/websites', body: { domain: 'anon.example.com' } });
    expect(response.status).toBe(401);
  });
});

describe('GET /client/websites', () => {
  it('lists the caller’s websites in the order they were added, with their widget counts', async () => {
    const client = await signedInClient(server);
    const first = await addWebsite(client, 'first.example.com');
    const second = await addWebsite(client, 'second.example.com');
    await addWidget(client, widgetBody(second.id, { typeId: 1 }));
    await addWidget(client, widgetBody(second.id, { typeId: 3 }));
    const list = expectStatus(await client.call({ method: 'GET', url: '/api/client/websites' }), 200);
    expect(list.data.map((site: { domain: string; widgetCount: number }) => [site.domain, site.widgetCount])).toEqual([
      ['first.example.com', 0],
      ['second.example.com', 2],
    ]);
    expect(list.data[0].publicKey).toBe(first.publicKey);
  });

  it('never shows another client’s websites', async () => {
    const owner = await signedInClient(server);
    const stranger = await signedInClient(server);
    await addWebsite(owner, 'private.example.com');
    expect(expectStatus(await stranger.call({ method: 'GET', url: '/api/client/websites' }), 200)).toEqual({ data: [] });
  });

  it('keeps a website’s public key stable', async () => {
    const client = await signedInClient(server);
    const site = await addWebsite(client, 'stable.example.com');
    const [row] = await server.db.select().from(websites).where(eq(websites.id, site.id));
    expect(row!.publicKey).toBe(site.publicKey);
    const list = expectStatus(await client.call({ method: 'GET', url: '/api/client/websites' }), 200);
    expect(list.data[0].publicKey).toBe(site.publicKey);
  });
});
