import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setOverdraft } from '../../test/payments.ts';
import {
  addAgent,
  addWebsite,
  addWidget,
  type Client,
  expectStatus,
  multipartBody,
  signedInClient,
  TINY_PNG,
  widgetBody,
} from '../../test/toolbox.ts';
import { creditCredits, debitCredits } from './ledger.ts';
import { isOverdraftReached } from '../../../common/rules/credits.ts';
import { assertToolboxOpen, OVERDRAFT_REACHED_DESCRIPTION } from './toolboxAccess.ts';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'toolbox-gate-test-'));
  server = await startTestServer({ config: { dataDir } });
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const OVERDRAFT_REACHED = { error: 'overdraft_reached', error_description: OVERDRAFT_REACHED_DESCRIPTION };

/** Spends the whole balance and the whole overdraft, as calls would (20 credits + 30 overdraft). */
async function reachOverdraft(client: Client): Promise<void> {
  await setOverdraft(server.db, client.userId, -30);
  expect(await debitCredits(server.db, client.userId, 50, 'call')).toEqual({ ok: true, balance: -30 });
}

describe('isOverdraftReached (spec §4, §6)', () => {
  it.each([
    [{ credits: -30, overdraft: -30 }, true],
    [{ credits: -29, overdraft: -30 }, false],
    [{ credits: 5, overdraft: -30 }, false],
    // No overdraft: out of credits stops the widgets, not the toolbox.
    [{ credits: 0, overdraft: 0 }, false],
    [{ credits: 20, overdraft: 0 }, false],
  ])('%j → %s', (balance, reached) => {
    expect(isOverdraftReached(balance)).toBe(reached);
  });
});

describe('assertToolboxOpen', () => {
  it('refuses with overdraft_reached at the overdraft and lets a payment open the toolbox again', async () => {
    const client = await signedInClient(server);
    await expect(assertToolboxOpen(server.db, client.userId)).resolves.toBeUndefined();
    await reachOverdraft(client);
    await expect(assertToolboxOpen(server.db, client.userId)).rejects.toMatchObject({ code: 'overdraft_reached' });
    await creditCredits(server.db, client.userId, 1, 'purchase');
    await expect(assertToolboxOpen(server.db, client.userId)).resolves.toBeUndefined();
  });
});

describe('toolbox writes at the overdraft (402 overdraft_reached)', () => {
  let client: Client;
  let website: { id: number };
  let widget: { id: number };
  let agent: { id: number };
  beforeAll(async () => {
    client = await signedInClient(server);
    website = await addWebsite(client, 'gated.example.com');
    widget = await addWidget(client, widgetBody(website.id));
    agent = await addAgent(client);
    await reachOverdraft(client);
  });

  it.each([
    ['POST /client/widgets', () => ({ method: 'POST' as const, url: '/api/client/widgets', body: widgetBody(website.id, { typeId: 2 }) })],
    ['PUT /client/widgets/{id}', () => ({ method: 'PUT' as const, url: `/api/client/widgets/${widget.id}`, body: widgetBody(website.id, { isActive: false }) })],
    ['DELETE /client/widgets/{id}', () => ({ method: 'DELETE' as const, url: `/api/client/widgets/${widget.id}` })],
    ['POST /client/websites', () => ({ method: 'POST' as const, url: '/api/client/websites', body: { domain: 'another.example.com' } })],
    ['POST /client/agents', () => ({ method: 'POST' as const, url: '/api/client/agents', body: { name: 'Ada Lovelace', phone: '+14155550199' } })],
    ['PUT /client/agents/{id}', () => ({ method: 'PUT' as const, url: `/api/client/agents/${agent.id}`, body: { name: 'Grace Hopper', phone: '+14155550123', isActive: false } })],
    ['DELETE /client/agents/{id}', () => ({ method: 'DELETE' as const, url: `/api/client/agents/${agent.id}` })],
    [
      'POST /user/files',
      () => ({
        method: 'POST' as const,
        url: '/api/user/files',
        ...multipartBody([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: TINY_PNG }]),
      }),
    ],
  ])('%s is refused and changes nothing', async (_, request) => {
    expect(expectStatus(await client.call(request()), 402)).toEqual(OVERDRAFT_REACHED);
  });

  it('left every row as it was, and reads stay open', async () => {
    const widgets = expectStatus(await client.call({ method: 'GET', url: '/api/client/widgets' }), 200);
    expect(widgets.data.map((w: { id: number; isActive: boolean }) => [w.id, w.isActive])).toEqual([[widget.id, true]]);
    const websites = expectStatus(await client.call({ method: 'GET', url: '/api/client/websites' }), 200);
    expect(websites.data.map((w: { domain: string }) => w.domain)).toEqual(['gated.example.com']);
    const agents = expectStatus(await client.call({ method: 'GET', url: '/api/client/agents' }), 200);
    expect(agents.data.map((a: { id: number; isActive: boolean }) => [a.id, a.isActive])).toEqual([[agent.id, true]]);
    expect(expectStatus(await client.call({ method: 'GET', url: '/api/user/files' }), 200).data).toEqual([]);
  });

  it('checks the token before the balance (401 without one)', async () => {
    expect((await server.request({ method: 'POST', url: '/api/client/websites', body: { domain: 'anon.example.com' } })).status).toBe(401);
  });

  it('opens again once a payment lifts the balance above the overdraft, for this account only', async () => {
    const other = await signedInClient(server);
    expect((await addWebsite(other, 'open.example.com')).domain).toBe('open.example.com');
    await creditCredits(server.db, client.userId, 20, 'purchase');
    expect(expectStatus(await client.call({ method: 'PUT', url: `/api/client/widgets/${widget.id}`, body: widgetBody(website.id, { isActive: false }) }), 200).isActive).toBe(false);
    expect((await addWebsite(client, 'paid.example.com')).domain).toBe('paid.example.com');
  });
});
