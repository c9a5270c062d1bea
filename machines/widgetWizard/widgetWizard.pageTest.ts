import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { hiddenByPage, pagePatternMatches, waitsFor } from '../../common/rules/displayRules.ts';
import { displayRulesOf, type DraftDisplayRules } from './widgetWizard.displayRules.ts';
import { widgetValidationMessages } from './widgetWizard.messages.ts';

/**
 * The live preview's page test (issue 20: "The live preview says which rule would hide the widget
 * on a URL the user types"): the typed address is evaluated with the embed script's own rule
 * (`hiddenByPage`), against the rules as they would be saved.
 */

/** What a typed address gives the rules: the page's path and query, and the visit's UTM source. */
export interface TestedPage {
  pathAndQuery: string;
  utmSource: string | null;
}

/** An address without `scheme://` is taken as one without its scheme: `shop.example.com/pricing`, `localhost:3000/pricing`. */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

function parseUrl(text: string, base?: string): URL | null {
  return URL.canParse(text, base) ? new URL(text, base) : null;
}

/**
 * A typed page address: a full URL (`https://shop.example.com/pricing?utm_source=google`), one
 * without its scheme, or a path (`/pricing`). Path and query are as the browser's `location`
 * gives them on that page (percent-encoded), which is what the embed script matches.
 */
export function parsePageAddress(text: string): TestedPage | null {
  const address = text.trim();
  if (address === '') return null;
  const url = address.startsWith('/') && !address.startsWith('//')
    ? parseUrl(address, 'https://example.invalid')
    : parseUrl(HAS_SCHEME.test(address) ? address : `https://${address}`);
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.hostname === '') return null;
  return { pathAndQuery: `${url.pathname}${url.search}`, utmSource: url.searchParams.get('utm_source') };
}

export const pageTestMessages = {
  shown: msg`Shown on this page.`,
  excluded: (pattern: string) => msg`Hidden on this page: it matches a Hide on pages pattern (${pattern}).`,
  notIncluded: msg`Hidden on this page: it matches no Show on pages pattern.`,
  otherSource: (source: string) => msg`Hidden for this source: ${source} is not one of the listed UTM sources.`,
  noSource: msg`Hidden for this source: the address has no utm_source, and the widget shows only to visitors from the listed UTM sources.`,
  newVisitors: msg`Shown only to new visitors.`,
  returningVisitors: msg`Shown only to returning visitors.`,
  scrollAndTime: (percent: number, seconds: number) =>
    msg`Shown after the visitor scrolls ${percent}% and spends ${plural(seconds, { one: '# second', other: '# seconds' })} on the page.`,
  scroll: (percent: number) => msg`Shown after the visitor scrolls ${percent}% of the page.`,
  time: (seconds: number) => msg`Shown after the visitor spends ${plural(seconds, { one: '# second', other: '# seconds' })} on the page.`,
};

export interface PageTestResult {
  /** `invalid`: the text is not a page address. */
  status: 'shown' | 'hidden' | 'invalid';
  /** What the preview says, sentence by sentence. */
  sentences: MessageDescriptor[];
}

/** When the widget shows on a page it is not hidden on: after scrolling, after time, or both. */
function waitSentence(rules: ReturnType<typeof displayRulesOf>): MessageDescriptor | null {
  const { scrollPercent, seconds } = waitsFor(rules);
  if (scrollPercent !== null && seconds !== null) return pageTestMessages.scrollAndTime(scrollPercent, seconds);
  if (scrollPercent !== null) return pageTestMessages.scroll(scrollPercent);
  if (seconds !== null) return pageTestMessages.time(seconds);
  return null;
}

/**
 * What the preview says of the widget on a typed address, or null while nothing is typed. The
 * address tells nothing of the visitor, so the visitor is taken to be one the rules show to and
 * the visitors rule is said on its own ("Shown only to new visitors."), after the page's verdict.
 */
export function pageTestResult(draft: DraftDisplayRules, address: string): PageTestResult | null {
  if (address.trim() === '') return null;
  const page = parsePageAddress(address);
  if (!page) return { status: 'invalid', sentences: [widgetValidationMessages.url] };
  const rules = displayRulesOf(draft);
  const hiddenBy = hiddenByPage(rules, { ...page, returning: rules.visitors === 'returning' });
  switch (hiddenBy) {
    case 'excludePages': {
      const pattern = rules.excludePages.find((candidate) => pagePatternMatches(candidate, page.pathAndQuery)) ?? '';
      return { status: 'hidden', sentences: [pageTestMessages.excluded(pattern)] };
    }
    case 'includePages':
      return { status: 'hidden', sentences: [pageTestMessages.notIncluded] };
    case 'utmSources':
      return { status: 'hidden', sentences: [page.utmSource?.trim() ? pageTestMessages.otherSource(page.utmSource.trim()) : pageTestMessages.noSource] };
    // Not reached (the visitor is one the rules show to); the rule is said below.
    case 'visitors':
    case null:
      break;
  }
  const visitors = rules.visitors === 'new' ? pageTestMessages.newVisitors : rules.visitors === 'returning' ? pageTestMessages.returningVisitors : null;
  const wait = waitSentence(rules);
  return { status: 'shown', sentences: [pageTestMessages.shown, ...(visitors ? [visitors] : []), ...(wait ? [wait] : [])] };
}
