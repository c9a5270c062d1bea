import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteInstallations } from '../../db/schema/toolbox.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { addWebsite, type Client, expectStatus, signedInClient } from '../../test/toolbox.ts';
import { isOwnHost, pageSighting, recordSighting, SightingThrottle } from './installations.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

let counter = 0;
/** A domain of its own per test: the events endpoint's throttle remembers websites. */
const newDomain = () => `shop-${++counter}-${Math.random().toString(36).slice(2, 8)}.example.com`;

/** A page visit as the widget script sends it (a text/plain beacon), with the browser's headers. */
async function pageVisit(publicKey: string, headers: Record<string, string>, url?: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/widget-api/events',
    headers: { 'content-type': 'text/plain', ...headers },
    payload: JSON.stringify({ key: publicKey, visitorId: 'visitor-0001', ...(url && { url }), events: [{ kind: 'page_visit' }] }),
    remoteAddress: `198.51.100.${++counter % 250}`,
  });
  expect(response.statusCode, response.body).toBe(204);
}

async function installationOf(client: Client, websiteId: number) {
  const { data } = expectStatus(await client.call({ method: 'GET', url: '/api/client/websites' }), 200);
  return data.find((website: { id: number }) => website.id === websiteId).installation;
}

describe('which pages count as the website (issue 21)', () => {
  it('takes the domain and its subdomains, and the bare domain of a www. website', () => {
    expect(isOwnHost('shop.example.com', 'shop.example.com')).toBe(true);
    expect(isOwnHost('www.shop.example.com', 'shop.example.com')).toBe(true);
    expect(isOwnHost('example.com', 'www.example.com')).toBe(true);
    expect(isOwnHost('blog.example.com', 'www.example.com')).toBe(true);
    expect(isOwnHost('example.com', 'shop.example.com')).toBe(false);
    expect(isOwnHost('evilshop.example.com', 'shop.example.com')).toBe(false);
    expect(isOwnHost('shop.example.com.evil.net', 'shop.example.com')).toBe(false);
    expect(isOwnHost('evil-example.com', 'www.example.com')).toBe(false);
    // www.com is a name of its own, not "www." before the top-level domain.
    expect(isOwnHost('www.com', 'www.com')).toBe(true);
    expect(isOwnHost('evil.com', 'www.com')).toBe(false);
  });

  it('believes the browser\'s Origin first, then the Referer, then the script\'s url', () => {
    expect(pageSighting({ origin: 'https://Shop.Example.com', url: 'https://shop.example.com/cart?x=1#top' })).toEqual({
      origin: 'https://shop.example.com',
      host: 'shop.example.com',
      page: 'https://shop.example.com/cart?x=1',
    });
    // A script claiming a page of the client's site from another origin gets the origin alone.
    expect(pageSighting({ origin: 'https://copy.example.net', url: 'https://shop.example.com/cart' })?.page).toBe('https://copy.example.net');
    expect(pageSighting({ origin: 'null', referer: 'https://shop.example.com/a?b=c', url: 'https://shop.example.com/a?b=c' })?.page).toBe('https://shop.example.com/a?b=c');
    expect(pageSighting({ url: 'https://shop.example.com/only-url' })?.host).toBe('shop.example.com');
    expect(pageSighting({ origin: 'null' })).toBeNull();
    expect(pageSighting({ url: 'file:///C:/site/index.html' })).toBeNull();
    expect(pageSighting({ origin: 'https://shop.example.com', url: `https://shop.example.com/${'p'.repeat(500)}` })?.page).toHaveLength(300);
  });
});

describe('POST /widget-api/events → installation status (issue 21)', () => {
  let client: Client;
  beforeAll(async () => {
    client = await signedInClient(server);
  });

  it('answers "not detected" for a website the script never ran on, and on creation', async () => {
    const website = expectStatus(await client.call({ method: 'POST', url: '/api/client/websites', body: { domain: newDomain() } }), 201);
    const empty = { status: 'not_detected', seenAt: null, seenPage: null, elsewhereSeenAt: null, elsewherePage: null };
    expect(website.installation).toEqual(empty);
    expect(await installationOf(client, website.id)).toEqual(empty);
  });

  it('marks a page of the website\'s own domain as installed, with the page and time', async () => {
    const domain = newDomain();
    const website = await addWebsite(client, domain);
    const before = Date.now();
    await pageVisit(website.publicKey, { origin: `https://${domain}` }, `https://${domain}/pricing?plan=pro#faq`);
    const installation = await installationOf(client, website.id);
    expect(installation).toMatchObject({ status: 'installed', seenPage: `https://${domain}/pricing?plan=pro`, elsewhereSeenAt: null, elsewherePage: null });
    expect(Date.parse(installation.seenAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('counts the www. and other subdomains as the website', async () => {
    const domain = newDomain();
    const website = await addWebsite(client, domain);
    await pageVisit(website.publicKey, { origin: `http://www.${domain}:8080` }, `http://www.${domain}:8080/`);
    expect(await installationOf(client, website.id)).toMatchObject({ status: 'installed', seenPage: `http://www.${domain}:8080/` });
  });

  it('reports a page of another origin as seen elsewhere, never as installed, even when the script names the client\'s page', async () => {
    const domain = newDomain();
    const website = await addWebsite(client, domain);
    await pageVisit(website.publicKey, { origin: 'https://staging.example.net' }, `https://${domain}/`);
    expect(await installationOf(client, website.id)).toMatchObject({ status: 'not_detected', seenAt: null, elsewherePage: 'https://staging.example.net' });
  });

  it('without an Origin, goes by the Referer, then by the page the script sends', async () => {
    const domain = newDomain();
    const byReferer = await addWebsite(client, domain);
    await pageVisit(byReferer.publicKey, { referer: `https://${domain}/from-referer` });
    expect(await installationOf(client, byReferer.id)).toMatchObject({ status: 'installed', seenPage: `https://${domain}` });
    const byUrl = await addWebsite(client, newDomain());
    await pageVisit(byUrl.publicKey, {}, 'https://elsewhere.example.org/page');
    expect(await installationOf(client, byUrl.id)).toMatchObject({ status: 'not_detected', elsewherePage: 'https://elsewhere.example.org/page' });
    const unknown = await addWebsite(client, newDomain());
    await pageVisit(unknown.publicKey, {});
    expect(await installationOf(client, unknown.id)).toMatchObject({ status: 'not_detected', elsewhereSeenAt: null });
  });

  it('shows a website\'s installation to its own account only', async () => {
    const domain = newDomain();
    const website = await addWebsite(client, domain);
    await pageVisit(website.publicKey, { origin: `https://${domain}` }, `https://${domain}/`);
    const other = await signedInClient(server);
    // Another account's website of the same domain, with its own key, stays undetected.
    const theirs = await addWebsite(other, domain);
    const { data } = expectStatus(await other.call({ method: 'GET', url: '/api/client/websites' }), 200);
    expect(data.map((row: { id: number }) => row.id)).toEqual([theirs.id]);
    expect(data[0].installation.status).toBe('not_detected');
    const [row] = await server.db.select().from(websiteInstallations).where(eq(websiteInstallations.websiteId, website.id));
    expect(row?.userId).toBe(client.userId);
  });
});

describe('at most one write a minute per website', () => {
  it('updates the kept sighting only when it is more than a minute old, own and elsewhere apart', async () => {
    const client = await signedInClient(server);
    const domain = newDomain();
    const website = await addWebsite(client, domain);
    const target = { websiteId: website.id, userId: client.userId, domain };
    const own = (path: string) => pageSighting({ origin: `https://${domain}`, url: `https://${domain}${path}` })!;
    const t0 = new Date('2026-11-28T10:00:00Z');
    const after = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    expect(await recordSighting(server.db, target, own('/a'), t0)).toBe(true);
    expect(await recordSighting(server.db, target, own('/b'), after(30))).toBe(false);
    expect(await recordSighting(server.db, target, own('/c'), after(60))).toBe(false);
    // Another origin has a minute of its own.
    expect(await recordSighting(server.db, target, pageSighting({ origin: 'https://copy.example.net' })!, after(45))).toBe(true);
    expect(await recordSighting(server.db, target, own('/d'), after(61))).toBe(true);
    const [row] = await server.db.select().from(websiteInstallations).where(eq(websiteInstallations.websiteId, website.id));
    expect(row).toMatchObject({ seenAt: after(61), seenPage: `https://${domain}/d`, elsewhereSeenAt: after(45), elsewherePage: 'https://copy.example.net' });
  });

  it('spares the database most writes of a busy site in one process', () => {
    const throttle = new SightingThrottle();
    const t0 = new Date('2026-11-28T10:00:00Z');
    expect(throttle.admit(1, true, t0)).toBe(true);
    expect(throttle.admit(1, true, new Date(t0.getTime() + 59_000))).toBe(false);
    expect(throttle.admit(1, false, new Date(t0.getTime() + 59_000))).toBe(true);
    expect(throttle.admit(2, true, t0)).toBe(true);
    expect(throttle.admit(1, true, new Date(t0.getTime() + 60_000))).toBe(true);
  });

  it('writes once for a burst of page views through the events endpoint', async () => {
    const client = await signedInClient(server);
    const domain = newDomain();
    const website = await addWebsite(client, domain);
    await pageVisit(website.publicKey, { origin: `https://${domain}` }, `https://${domain}/first`);
    for (const page of ['/second', '/third']) await pageVisit(website.publicKey, { origin: `https://${domain}` }, `https://${domain}${page}`);
    expect(await installationOf(client, website.id)).toMatchObject({ status: 'installed', seenPage: `https://${domain}/first` });
  });
});
