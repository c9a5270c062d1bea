// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { hasStartupFailed, isStartupComplete } from '../../../machines/startup/startup.selectors.ts';
import { createApiClient } from '../../api/client.ts';
import { startupMessages } from '../../../machines/startup/startup.machine.ts';
import { provideStartupMachine } from './startup.actors.ts';

const metadata = {
  widgetTypes: [],
  widgetLayouts: [],
  twilioNumbers: [],
  callingRules: [],
  creditPacks: [],
  settings: [],
  credits: [{ credits: 20, overdraft: 0, autoRecharge: null, minMonthlySpendingRequirement: 0 }],
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function startWith(answer: (path: string) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(new URL((input as Request).url).pathname));
  const api = createApiClient({ session: { accessToken: () => 'token', refreshAccessToken: async () => null }, fetch, baseUrl: 'http://dashboard.test/api' });
  const startup = createActor(provideStartupMachine(api)).start();
  startup.send({ type: 'auth.signedIn' });
  return { startup, fetch };
}

describe('startup loaders', () => {
  const signedInAs = (id: number) =>
    localStorage.setItem('dashboard.session', JSON.stringify({ authToken: 'token', refreshToken: 'refresh', user: { id, name: 'Ada', email: 'ada@example.com', timezone: 'UTC' } }));
  beforeEach(() => {
    localStorage.clear();
    signedInAs(7);
  });

  it('fetches metadata, widgets, websites and agents in order', async () => {
    const { startup, fetch } = startWith((path) => json(200, path.endsWith('/meta') ? metadata : { data: [{ id: 1 }] }));
    await waitFor(startup, isStartupComplete, { timeout: 1000 });
    expect(fetch.mock.calls.map(([input]) => new URL((input as Request).url).pathname)).toEqual([
      '/api/client/meta',
      '/api/client/widgets',
      '/api/client/websites',
      '/api/client/agents',
    ]);
    expect(startup.getSnapshot().context.agents).toEqual([{ id: 1 }]);
  });

  it('reads a 501 not_implemented list as empty until the domain API exists', async () => {
    const { startup } = startWith((path) =>
      path.endsWith('/meta') ? json(200, metadata) : json(501, { error: 'not_implemented', error_description: 'Not implemented' }),
    );
    await waitFor(startup, isStartupComplete, { timeout: 1000 });
    expect(startup.getSnapshot().context).toMatchObject({ widgets: [], websites: [], agents: [] });
  });

  it('fails startup on any other error', async () => {
    const { startup } = startWith((path) =>
      path.endsWith('/meta') ? json(200, metadata) : json(500, { error: 'internal_error', error_description: 'Boom' }),
    );
    await waitFor(startup, hasStartupFailed, { timeout: 1000 });
    expect(startup.getSnapshot().context.error).toEqual(startupMessages.failed);
  });

  it('keeps the metadata locally: the next startup goes on with it and fetches it beside the lists (spec §4)', async () => {
    const first = startWith((path) => json(200, path.endsWith('/meta') ? metadata : { data: [] }));
    await waitFor(first.startup, isStartupComplete, { timeout: 1000 });
    first.startup.stop();

    let answerMeta: (response: Response) => void = () => {};
    const metaAnswer = new Promise<Response>((resolve) => (answerMeta = resolve));
    const fetch = vi.fn(async (input: RequestInfo | URL) => (new URL((input as Request).url).pathname.endsWith('/meta') ? metaAnswer : json(200, { data: [] })));
    const api = createApiClient({ session: { accessToken: () => 'token', refreshAccessToken: async () => null }, fetch, baseUrl: 'http://dashboard.test/api' });
    const startup = createActor(provideStartupMachine(api)).start();
    startup.send({ type: 'auth.signedIn' });
    await waitFor(startup, isStartupComplete, { timeout: 1000 });
    expect(startup.getSnapshot().context.metadata).toEqual(metadata);
    answerMeta(json(200, { ...metadata, credits: [{ ...metadata.credits[0], credits: 7 }] }));
    await waitFor(startup, (snapshot) => snapshot.context.metadata?.credits[0]?.credits === 7, { timeout: 1000 });
    expect(JSON.parse(localStorage.getItem('dashboard.metadata') ?? 'null')).toMatchObject({ userId: 7, metadata: { credits: [{ credits: 7 }] } });
  });

  it('never starts on another user\'s copy', async () => {
    localStorage.setItem('dashboard.metadata', JSON.stringify({ userId: 8, metadata }));
    const { startup, fetch } = startWith((path) => json(200, path.endsWith('/meta') ? metadata : { data: [] }));
    await waitFor(startup, isStartupComplete, { timeout: 1000 });
    expect(new URL((fetch.mock.calls[0]![0] as Request).url).pathname).toBe('/api/client/meta');
    expect(JSON.parse(localStorage.getItem('dashboard.metadata') ?? 'null').userId).toBe(7);
  });

  it('reads an unreadable stored copy as none', async () => {
    localStorage.setItem('dashboard.metadata', '{"widgetTypes": "not a list"');
    const { startup, fetch } = startWith((path) => json(200, path.endsWith('/meta') ? metadata : { data: [] }));
    await waitFor(startup, isStartupComplete, { timeout: 1000 });
    expect(new URL((fetch.mock.calls[0]![0] as Request).url).pathname).toBe('/api/client/meta');
  });
});
