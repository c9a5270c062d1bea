import { EARLY_FETCH_GLOBAL } from '../../common/contract/earlyFetch.ts';

type EarlyFetches = { token: string; responses: Record<string, Promise<Response> | undefined> };

function earlyFetches(): EarlyFetches | undefined {
  return (window as unknown as Record<string, EarlyFetches | undefined>)[EARLY_FETCH_GLOBAL];
}

/**
 * `send`, except for a GET the page's inline script already sent (common/contract/earlyFetch.ts)
 * with the token this request carries: that answer is taken, once, instead of asking again. A
 * request with another token (refreshed, another sign-in) or anything else goes to `send`.
 * `baseUrl` is the API's base, which the script's paths are under.
 */
export function earlyAwareFetch(baseUrl: string, send: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return (request) => {
    const early = typeof window === 'undefined' ? undefined : earlyFetches();
    if (early && request.method === 'GET' && request.headers.get('Authorization') === `Bearer ${early.token}`) {
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
