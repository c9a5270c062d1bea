/**
 * A signed-in visit's first requests, sent by an inline script in the page's head while the app's
 * scripts still download (issue 17: on a slow phone link, about a second before the app could send
 * them itself). Only with a stored session; only GETs the app's startup makes in any case, in its
 * order (spec §2 Shell: metadata, widgets, websites and agents in sequence, each once the one
 * before answered OK), with the stored token. The app takes each answer once, in place of sending
 * the same request, and only when it holds that same token (src/api/earlyFetch.ts); anything else
 * is sent as usual. The CSP allows the script by its hash (server/http/security.ts); the build
 * writes it into index.html (vite.config.ts). Storage keys: src/session/storageKeys.ts.
 */
export const EARLY_FETCH_GLOBAL = '__dashboardEarlyFetch';

/** Paths under the API's base (`/api`), as the app asks for them. */
export const EARLY_FETCH_PATHS = ['/user', '/client/credits', '/client/meta', '/client/widgets', '/client/websites', '/client/agents'] as const;

export const EARLY_FETCH_SCRIPT =
  "try{var s=localStorage,t=(JSON.parse(s.getItem('dashboard.session')||'null')||{}).authToken;if(typeof t=='string'&&t&&window.fetch){" +
  `var e=window.${EARLY_FETCH_GLOBAL}={token:t,responses:{}},o={headers:{Authorization:'Bearer '+t}},` +
  "g=function(p){return e.responses[p]=fetch('/api'+p,o)},n=function(p){return function(r){if(r.ok)return g(p)}};" +
  "g('/user');g('/client/credits');var m=g('/client/meta');" +
  "(s.getItem('dashboard.metadata')?Promise.resolve({ok:true}):m).then(n('/client/widgets')).then(n('/client/websites')).then(n('/client/agents')).catch(function(){})}}catch(x){}";
