import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_RULES } from '../../common/rules/displayRules.ts';
import { english } from '../test/messages.ts';
import { applyChange } from './widgetWizard.change.ts';
import { initialDraft } from './widgetWizard.defaults.ts';
import { displayRulesErrors, displayRulesOf, type DraftDisplayRules } from './widgetWizard.displayRules.ts';
import { parsePageAddress, pageTestResult } from './widgetWizard.pageTest.ts';
import type { WidgetDraft } from './widgetWizard.draft.ts';

const path = (field: string) => `settings.settings.displayRules.${field}`;
const rulesOf = (draft: WidgetDraft) => draft.settings.settings.displayRules;

function edited(changes: Record<string, unknown>): DraftDisplayRules {
  const draft = Object.entries(changes).reduce((current, [field, value]) => applyChange(current, path(field), value, []), initialDraft());
  return rulesOf(draft);
}

function messages(rules: DraftDisplayRules): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(displayRulesErrors(rules)).map(([key, message]) => [key.replace('settings.settings.displayRules.', ''), english(message)]));
}

describe('display rules in the wizard (issue 20)', () => {
  it('a new widget starts with today\'s behaviour and has nothing to fix', () => {
    expect(displayRulesOf(rulesOf(initialDraft()))).toEqual(DEFAULT_DISPLAY_RULES);
    expect(displayRulesErrors(rulesOf(initialDraft()))).toEqual({});
  });

  it('keeps a text box\'s lines as typed and saves them trimmed, without blank lines', () => {
    const rules = edited({ includePages: '/pricing\n', excludePages: '  /checkout* \r\n\n/cart', utmSources: 'Google\n\nnewsletter\n' });
    // A line break just typed stays, or the text box would eat it.
    expect(rules.includePages).toEqual(['/pricing', '']);
    expect(displayRulesOf(rules)).toMatchObject({ includePages: ['/pricing'], excludePages: ['/checkout*', '/cart'], utmSources: ['Google', 'newsletter'] });
  });

  it('names the line of a bad entry as the client sees it, blank lines counted', () => {
    expect(messages(edited({ includePages: '/pricing\n\nblog/*', excludePages: `/${'x'.repeat(200)}` }))).toEqual({
      includePages: 'Line 3: Must start with / or *',
      excludePages: 'Line 1: Maximum field length 200',
    });
    const many = Array.from({ length: 21 }, (_, i) => `/page-${i}`).join('\n');
    expect(messages(edited({ includePages: `${many}\nwrong`, utmSources: Array.from({ length: 21 }, (_, i) => `source${i}`).join('\n') }))).toEqual({
      includePages: 'Maximum 20 lines',
      utmSources: 'Maximum 20 lines',
    });
    expect(messages(edited({ utmSources: `google\n${'s'.repeat(101)}` }))).toEqual({ utmSources: 'Line 2: Maximum field length 100' });
  });

  it('takes empty numbers as no condition and says what is wrong with the others', () => {
    expect(edited({ minScrollPercent: '', minSecondsOnPage: null })).toMatchObject({ minScrollPercent: null, minSecondsOnPage: null });
    expect(messages(edited({ minScrollPercent: 'half', minSecondsOnPage: '1.5' }))).toEqual({ minScrollPercent: 'Value half is not a number', minSecondsOnPage: 'Must be a whole number' });
    expect(messages(edited({ minScrollPercent: 0, minSecondsOnPage: 3601 }))).toEqual({ minScrollPercent: 'Must be between 1 and 100', minSecondsOnPage: 'Must be between 1 and 3600' });
    expect(displayRulesOf(edited({ minScrollPercent: '50', minSecondsOnPage: 10, visitors: 'new' }))).toMatchObject({ minScrollPercent: 50, minSecondsOnPage: 10, visitors: 'new' });
  });
});

describe('the live preview\'s page test (issue 20)', () => {
  const say = (rules: DraftDisplayRules, address: string) => {
    const result = pageTestResult(rules, address);
    return result && `${result.status}: ${result.sentences.map((sentence) => english(sentence)).join(' ')}`;
  };

  it('reads a full address, one without its scheme, or a path', () => {
    expect(parsePageAddress('https://shop.example.com/blog/post?utm_source=Google&x=1#top')).toEqual({ pathAndQuery: '/blog/post?utm_source=Google&x=1', utmSource: 'Google' });
    expect(parsePageAddress(' shop.example.com/pricing ')).toEqual({ pathAndQuery: '/pricing', utmSource: null });
    expect(parsePageAddress('localhost:3000/pricing?utm_source=ads')).toEqual({ pathAndQuery: '/pricing?utm_source=ads', utmSource: 'ads' });
    expect(parsePageAddress('/pricing?utm_source=newsletter')).toEqual({ pathAndQuery: '/pricing?utm_source=newsletter', utmSource: 'newsletter' });
    expect(parsePageAddress('ftp://shop.example.com/file')).toBeNull();
    expect(parsePageAddress('not an address')).toBeNull();
  });

  it('says nothing until an address is typed, and which rule hides the widget', () => {
    const rules = edited({ includePages: '/blog/*\n/pricing', excludePages: '/blog/drafts*\n/checkout*', utmSources: 'google\nnewsletter' });
    expect(say(rules, '  ')).toBeNull();
    expect(say(rules, 'not an address')).toBe('invalid: Must be a valid URL');
    expect(say(rules, 'https://shop.example.com/blog/drafts/1?utm_source=google')).toBe('hidden: Hidden on this page: it matches a Hide on pages pattern (/blog/drafts*).');
    expect(say(rules, '/about?utm_source=google')).toBe('hidden: Hidden on this page: it matches no Show on pages pattern.');
    expect(say(rules, '/pricing?utm_source=bing')).toBe('hidden: Hidden for this source: bing is not one of the listed UTM sources.');
    expect(say(rules, '/pricing')).toBe('hidden: Hidden for this source: the address has no utm_source, and the widget shows only to visitors from the listed UTM sources.');
    expect(say(rules, 'shop.example.com/blog/post?utm_source=Google')).toBe('shown: Shown on this page.');
  });

  it('says the visitors rule and the waits on their own, since an address tells nothing of the visitor', () => {
    expect(say(edited({ visitors: 'new', minScrollPercent: 50, minSecondsOnPage: 10 }), '/')).toBe(
      'shown: Shown on this page. Shown only to new visitors. Shown after the visitor scrolls 50% and spends 10 seconds on the page.',
    );
    expect(say(edited({ visitors: 'returning', minSecondsOnPage: 1 }), '/')).toBe('shown: Shown on this page. Shown only to returning visitors. Shown after the visitor spends 1 second on the page.');
    expect(say(edited({ minScrollPercent: 75 }), '/')).toBe('shown: Shown on this page. Shown after the visitor scrolls 75% of the page.');
  });
});
