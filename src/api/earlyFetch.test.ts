// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_FETCH_GLOBAL } from '../../common/contract/earlyFetch.ts';
import { earlyAwareFetch } from './earlyFetch.ts';

const global = window as unknown as Record<string, unknown>;

function sentEarly(token: string, paths: string[]) {
  const responses = Object.fromEntries(paths.map((path) => [path, Promise.resolve(new Response(JSON.stringify({ early: path })))]));
  global[EARLY_FETCH_GLOBAL] = { token, responses };
}

const get = (path: string, token: string | null, init: RequestInit = {}) =>
  new Request(new URL(`/api${path}`, location.href), { ...init, headers: token ? { Authorization: `Bearer ${token}` } : {} });

describe('earlyAwareFetch', () => {
  afterEach(() => {
    delete global[EARLY_FETCH_GLOBAL];
  });

  it('answers a GET the page already sent with the same token, once; the next goes out', async () => {
    sentEarly('token-1', ['/client/widgets']);
    const send = vi.fn(async () => new Response(JSON.stringify({ sent: true })));
    const fetch = earlyAwareFetch('/api', send);
    expect(await (await fetch(get('/client/widgets', 'token-1'))).json()).toEqual({ early: '/client/widgets' });
    expect(await (await fetch(get('/client/widgets', 'token-1'))).json()).toEqual({ sent: true });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends as usual another token, no token, another path, a query, another method, or without early requests', async () => {
    const send = vi.fn(async () => new Response('{}'));
    const fetch = earlyAwareFetch('/api', send);
    await fetch(get('/client/widgets', 'token-1'));
    sentEarly('token-1', ['/client/widgets', '/user']);
    await fetch(get('/client/widgets', 'token-2'));
    await fetch(get('/client/widgets', null));
    await fetch(get('/client/websites', 'token-1'));
    await fetch(get('/client/widgets?page=2', 'token-1'));
    await fetch(get('/user', 'token-1', { method: 'PATCH', body: '{}' }));
    expect(send).toHaveBeenCalledTimes(6);
  });

  it('looks only under its own base on its own origin', async () => {
    sentEarly('token-1', ['/user']);
    const send = vi.fn(async () => new Response('{}'));
    await earlyAwareFetch('http://elsewhere.test/api', send)(new Request('http://elsewhere.test/api/user', { headers: { Authorization: 'Bearer token-1' } }));
    await earlyAwareFetch('/other', send)(get('/user', 'token-1'));
    expect(send).toHaveBeenCalledTimes(2);
  });
});
