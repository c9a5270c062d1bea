/**
 * The widget API's base address inside the built embed script (widget/src/embed.ts). The server
 * writes the configured base (WIDGET_API_URL) over this token when it serves /widget.js, so one
 * build works behind any host; left as it is, the script calls the API on its own origin.
 */
export const WIDGET_API_BASE_PLACEHOLDER = '%CALLBACK_WIDGET_API_BASE%';

/**
 * The embed script with `apiBase` written in place of the placeholder, as a string literal's
 * content: JSON escaping, plus the quote, backtick and dollar sign as \u escapes, so it is the
 * same text in '…', "…" or `…` (the minifier writes template literals).
 */
export function withWidgetApiBase(script: string, apiBase: string): string {
  const literal = JSON.stringify(apiBase)
    .slice(1, -1)
    .replace(/['`$]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // A function, so `$` in the address is not read as a replacement pattern.
  return script.replaceAll(WIDGET_API_BASE_PLACEHOLDER, () => literal);
}
