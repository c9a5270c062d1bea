import { EARLY_FETCH_GLOBAL, EARLY_FETCH_TTL_MS } from '../../common/contract/earlyFetch.ts';

type EarlyFetches = { token: string; at: number; responses: Record<string, Promise<Response> | undefined> };

/** The script's answers while they are fresh; past EARLY_FETCH_TTL_MS they are dropped, token and all. */
function earlyFetches(): EarlyFetches | undefined {
  const global = window as unknown as Record<string, EarlyFetches | undefined>;
  const early = global[EARLY_FETCH_GLOBAL];
  if (early && Date.now() - early.at > EARLY_FETCH_TTL_MS) delete global[EARLY_FETCH_GLOBAL];
  return global[EARLY_FETCH_GLOBAL];
}

/**
 * `send`, except for a GET the page's inline script already sent (common/contract/earlyFetch.ts)
 * with the token this request carries, within EARLY_FETCH_TTL_MS: that answer is taken, once,
 * instead of asking again. A request with another token (refreshed, another sign-in), an aborted
 * one or anything else goes to `send`.
 * `baseUrl` is the API's base, which the script's paths are under.
 */
export function earlyAwareFetch(baseUrl: string, send: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return (request) => {
    const early = typeof window === 'undefined' ? undefined : earlyFetches();
    if (early && request.method === 'GET' && !request.signal.aborted && request.headers.get('Authorization') === `Bearer ${early.token}`) {
      const url = new URL(request.url, location.href);
      const base = new URL(baseUrl, location.href);
      const path = url.origin === location.origin && base.origin === location.origin && url.pathname.startsWith(`${base.pathname}/`) ? url.pathname.slice(base.pathname.length) + url.search : null;
      const answer = path === null ? undefined : early.responses[path];
      if (answer) {
        delete early.responses[path!];
        return answer;
      }
    }
    return send(request);
  };
}
