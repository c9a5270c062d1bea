import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../common/contract/dashboard.gen.ts';
import { earlyAwareFetch } from './earlyFetch.ts';

/** The code the contract answers for an expired or unknown access token (spec §4 Token refresh). */
export const EXPIRED_ACCESS_TOKEN = 'invalid_or_expired_access_token';

/**
 * What the API client needs from the session: the held token, and a way to ask for a fresh one.
 * The auth statechart implements the refresh logic (one refresh in flight, log out on failure);
 * the client only asks.
 */
export interface SessionPort {
  accessToken(): string | null;
  /** Resolves with the new access token, or null when the session could not be refreshed. */
  refreshAccessToken(staleToken: string | null): Promise<string | null>;
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/** A token request (sign-in or refresh): its 401 is an answer about credentials, never an expired token to refresh. */
function isTokenRequest(request: Request): boolean {
  return request.method === 'POST' && new URL(request.url).pathname.endsWith('/oauth2/token');
}

async function isExpiredTokenAnswer(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  try {
    const body = (await response.clone().json()) as { error?: unknown; error_description?: unknown };
    return body.error === EXPIRED_ACCESS_TOKEN || body.error_description === EXPIRED_ACCESS_TOKEN;
  } catch {
    return false;
  }
}

/**
 * The one middleware of the API client (ARCHITECTURE.md, "API client"): adds the bearer header
 * when a token is held; on a 401 for an expired token asks the session to refresh and replays the
 * request once with the new token. A replay goes straight to fetch, so it is never retried again.
 */
export function createAuthMiddleware(session: SessionPort): Middleware {
  // Bodies are consumed by fetch: keep a copy of each request until its answer is known.
  const pending = new Map<string, Request>();
  return {
    onRequest({ request, id }) {
      const token = session.accessToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      pending.set(id, request.clone());
      return request;
    },
    async onResponse({ request, response, options, id }) {
      const original = pending.get(id);
      pending.delete(id);
      // A token request never triggers a refresh: that refresh would wait for itself. The logout
      // (DELETE) does: the session must end on the server too, not only here.
      if (!original || isTokenRequest(request) || !(await isExpiredTokenAnswer(response))) return undefined;
      const freshToken = await session.refreshAccessToken(bearerOf(request));
      if (!freshToken) return undefined;
      const replay = new Request(original, { headers: new Headers(original.headers) });
      replay.headers.set('Authorization', `Bearer ${freshToken}`);
      // Called unbound: browsers refuse window.fetch invoked as a method of another object.
      const { fetch: send } = options;
      return send(replay);
    },
    onError({ id }) {
      pending.delete(id);
    },
  };
}

export type ApiClient = ReturnType<typeof createClient<paths>>;

export interface ApiClientOptions {
  session: SessionPort;
  /** For tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  baseUrl?: string;
}

/** The typed client of `openapi/dashboard.yaml`, served under /api. */
export function createApiClient({ session, fetch: customFetch, baseUrl = '/api' }: ApiClientOptions): ApiClient {
  // Called unbound: browsers refuse window.fetch invoked as a method of another object.
  const send = customFetch ?? ((request: Request) => fetch(request));
  const client = createClient<paths>({ baseUrl, fetch: earlyAwareFetch(baseUrl, send) });
  client.use(createAuthMiddleware(session));
  return client;
}
