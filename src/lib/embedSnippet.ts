/**
 * The embed snippet of a website (spec §2 Widget wizard Code step, Websites "Code"): the script
 * tag a client pastes into the website's pages. The server serves the widget script at
 * `/widget.js` and knows the website by its public key (contract: Website.publicKey, "the embed
 * snippet's `/widget.js?key=…`"). The one place that builds it: the Websites list and the
 * wizard's Code step show the same text.
 *
 * @param origin where the product is served (the dashboard's own origin, e.g. `location.origin`)
 * @param publicKey the website's `publicKey`
 * @param scriptUrl where websites load the script when it is not this server's `/widget.js`
 *   (WIDGET_SCRIPT_URL, e.g. a CDN: `readPageConfig().widgetScriptUrl`)
 */
export function embedSnippet(origin: string, publicKey: string, scriptUrl?: string): string {
  const script = scriptUrl ?? `${origin.replace(/\/+$/, '')}/widget.js`;
  const src = `${script}?key=${encodeURIComponent(publicKey)}`;
  return `<script src="${src}" async></script>`;
}
