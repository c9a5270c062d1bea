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

/** Early answers are taken only this long after the script sent them; later, the app asks again (the data may have changed). */
export const EARLY_FETCH_TTL_MS = 30_000;

// Written out by hand (it runs before any of the app's code): storage keys as in
// src/session/storageKeys.ts, the session and metadata copies as src/session/sessionStorage.ts and
// metadataStorage.ts write them; earlyFetch.test.ts runs it and checks both. Each request's failure
// is caught, so a dropped connection leaves no unhandled rejection (the app sees it when it takes
// the answer). Metadata counts as stored only when the copy is this user's, as the app reads it.
export const EARLY_FETCH_SCRIPT =
  "try{var s=localStorage,c=JSON.parse(s.getItem('dashboard.session')||'null')||{},t=c.authToken,u=c.user&&c.user.id;" +
  "if(typeof t=='string'&&t&&window.fetch){var k=JSON.parse(s.getItem('dashboard.metadata')||'null'),o={headers:{Authorization:'Bearer '+t}}," +
  `e=window.${EARLY_FETCH_GLOBAL}={token:t,at:Date.now(),responses:{}},` +
  "g=function(p){var r=fetch('/api'+p,o);r.catch(function(){});return e.responses[p]=r},n=function(p){return function(r){if(r.ok)return g(p)}};" +
  "g('/user');g('/client/credits');var m=g('/client/meta');" +
  "(k&&k.userId===u?Promise.resolve({ok:true}):m).then(n('/client/widgets')).then(n('/client/websites')).then(n('/client/agents')).catch(function(){})}}catch(x){}";
