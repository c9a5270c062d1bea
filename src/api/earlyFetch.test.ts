// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInNewContext } from 'node:vm';
import { EARLY_FETCH_GLOBAL, EARLY_FETCH_SCRIPT, EARLY_FETCH_TTL_MS } from '../../common/contract/earlyFetch.ts';
import { storageKeys } from '../session/storageKeys.ts';
import { earlyAwareFetch } from './earlyFetch.ts';

const global = window as unknown as Record<string, unknown>;

function sentEarly(token: string, paths: string[]) {
  const responses = Object.fromEntries(paths.map((path) => [path, Promise.resolve(new Response(JSON.stringify({ early: path })))]));
  global[EARLY_FETCH_GLOBAL] = { token, at: Date.now(), responses };
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

describe('the inline script (EARLY_FETCH_SCRIPT)', () => {
  type Answer = { ok: boolean } | Error;
  /** Runs the script as the page would, with this storage and a fetch answering `answers` (ok by default) once released. */
  function runScript(stored: Record<string, unknown>, answers: Record<string, Answer> = {}) {
    const sent: { path: string; authorization: string }[] = [];
    const release: (() => void)[] = [];
    const page: Record<string, unknown> = {
      localStorage: { getItem: (key: string) => (key in stored ? JSON.stringify(stored[key]) : null) },
      fetch: (url: string, init: { headers: Record<string, string> }) => {
        sent.push({ path: url, authorization: init.headers.Authorization! });
        const answer = answers[url] ?? { ok: true };
        return new Promise((resolve, reject) => release.push(() => (answer instanceof Error ? reject(answer) : resolve(answer))));
      },
      Promise,
      JSON,
      Date,
    };
    page.window = page;
    runInNewContext(EARLY_FETCH_SCRIPT, page);
    /** Answers every request sent so far, and lets the chain go on. */
    const answerAll = async () => {
      release.splice(0).forEach((answer) => answer());
      for (let i = 0; i < 10; i++) await Promise.resolve();
    };
    return { sent: () => sent.map((request) => request.path), requests: sent, answerAll, early: page[EARLY_FETCH_GLOBAL] as { token: string } | undefined };
  }
  const session = { [storageKeys.session]: { authToken: 'token-1', refreshToken: 'refresh-1', user: { id: 7 } } };

  it('reads the keys the app writes', () => {
    expect(EARLY_FETCH_SCRIPT).toContain(`'${storageKeys.session}'`);
    expect(EARLY_FETCH_SCRIPT).toContain(`'${storageKeys.metadata}'`);
  });

  it('sends nothing without a stored session', () => {
    const run = runScript({});
    expect(run.sent()).toEqual([]);
    expect(run.early).toBeUndefined();
  });

  it('without stored metadata: metadata, then widgets, websites and agents in sequence (spec §2), each with the stored token', async () => {
    const run = runScript(session);
    expect(run.sent()).toEqual(['/api/user', '/api/client/credits', '/api/client/meta']);
    await run.answerAll();
    expect(run.sent().slice(3)).toEqual(['/api/client/widgets']);
    await run.answerAll();
    await run.answerAll();
    expect(run.sent().slice(3)).toEqual(['/api/client/widgets', '/api/client/websites', '/api/client/agents']);
    expect(new Set(run.requests.map((request) => request.authorization))).toEqual(new Set(['Bearer token-1']));
    expect(run.early?.token).toBe('token-1');
  });

  it("with this user's stored metadata, widgets go beside it, as startup does; another user's copy counts as none", async () => {
    expect(runScript({ ...session, [storageKeys.metadata]: { userId: 7, metadata: {} } }).sent()).toEqual(['/api/user', '/api/client/credits', '/api/client/meta']);
    const own = runScript({ ...session, [storageKeys.metadata]: { userId: 7, metadata: {} } });
    await Promise.resolve();
    await Promise.resolve();
    expect(own.sent()).toContain('/api/client/widgets');
    const others = runScript({ ...session, [storageKeys.metadata]: { userId: 8, metadata: {} } });
    await Promise.resolve();
    await Promise.resolve();
    expect(others.sent()).not.toContain('/api/client/widgets');
  });

  it('stops at an answer that is not OK or a dropped connection, leaving no unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const failing = runScript(session, { '/api/client/meta': { ok: false } });
      await failing.answerAll();
      await failing.answerAll();
      expect(failing.sent()).toEqual(['/api/user', '/api/client/credits', '/api/client/meta']);
      const offline = runScript(session, { '/api/user': new TypeError('Failed to fetch'), '/api/client/credits': new TypeError('Failed to fetch'), '/api/client/meta': new TypeError('Failed to fetch') });
      await offline.answerAll();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(offline.sent()).toHaveLength(3);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('early answers expire', () => {
  it(`are not taken ${EARLY_FETCH_TTL_MS / 1000} s after they were sent, and the token goes with them`, async () => {
    global[EARLY_FETCH_GLOBAL] = { token: 'token-1', at: Date.now() - EARLY_FETCH_TTL_MS - 1, responses: { '/user': Promise.resolve(new Response('{}')) } };
    const send = vi.fn(async () => new Response('{}'));
    await earlyAwareFetch('/api', send)(get('/user', 'token-1'));
    expect(send).toHaveBeenCalledTimes(1);
    expect(global[EARLY_FETCH_GLOBAL]).toBeUndefined();
  });
});
