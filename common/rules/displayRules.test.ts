import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  DEFAULT_DISPLAY_RULES,
  DISPLAY_RULE_LIMITS,
  displayRulesProblems,
  hiddenByPage,
  pagePatternMatches,
  readDisplayRules,
  VISITORS_RULES,
  waitsFor,
  type DisplayRules,
  type PageContext,
} from './displayRules.ts';

const rules = (overrides: Partial<DisplayRules>): DisplayRules => ({ ...readDisplayRules(null), ...overrides });
const page = (overrides: Partial<PageContext> = {}): PageContext => ({ pathAndQuery: '/', utmSource: null, returning: false, ...overrides });

describe('pagePatternMatches', () => {
  it('matches a plain path exactly, anchored at both ends and case-sensitive', () => {
    expect(pagePatternMatches('/pricing', '/pricing')).toBe(true);
    expect(pagePatternMatches('/pricing', '/pricing-old')).toBe(false);
    expect(pagePatternMatches('/pricing', '/en/pricing')).toBe(false);
    expect(pagePatternMatches('/pricing', '/Pricing')).toBe(false);
    expect(pagePatternMatches('/', '/')).toBe(true);
    expect(pagePatternMatches('/', '/about')).toBe(false);
  });

  it('takes * for any run of characters, none included', () => {
    expect(pagePatternMatches('/blog/*', '/blog/first-post')).toBe(true);
    expect(pagePatternMatches('/blog/*', '/blog/2024/05/post')).toBe(true);
    expect(pagePatternMatches('/blog/*', '/blog/')).toBe(true);
    expect(pagePatternMatches('/blog/*', '/blogs/x')).toBe(false);
    expect(pagePatternMatches('*/checkout', '/shop/de/checkout')).toBe(true);
    expect(pagePatternMatches('*/checkout', '/shop/de/checkout/step-2')).toBe(false);
    expect(pagePatternMatches('/shop/*/cart', '/shop/de/cart')).toBe(true);
    expect(pagePatternMatches('/shop/*/cart', '/shop/de/at/cart')).toBe(true);
    expect(pagePatternMatches('/shop/*/cart', '/shop/cart')).toBe(false);
    expect(pagePatternMatches('*', '/anything?at=all')).toBe(true);
    expect(pagePatternMatches('/a**b', '/ab')).toBe(true);
  });

  it('treats regular-expression characters literally', () => {
    expect(pagePatternMatches('/a.b', '/a.b')).toBe(true);
    expect(pagePatternMatches('/a.b', '/axb')).toBe(false);
    expect(pagePatternMatches('/(x)+', '/(x)+')).toBe(true);
    expect(pagePatternMatches('/(x)+', '/xx')).toBe(false);
  });

  it('matches a pattern without ? against the path only', () => {
    expect(pagePatternMatches('/pricing', '/pricing?utm_source=x')).toBe(true);
    expect(pagePatternMatches('/pricing*', '/pricing?plan=pro')).toBe(true);
    expect(pagePatternMatches('*pro*', '/pricing?plan=pro')).toBe(false);
  });

  it('matches a pattern with ? against path and query', () => {
    expect(pagePatternMatches('/pricing?plan=pro', '/pricing?plan=pro')).toBe(true);
    expect(pagePatternMatches('/pricing?plan=pro', '/pricing?plan=basic')).toBe(false);
    expect(pagePatternMatches('/pricing?plan=pro', '/pricing')).toBe(false);
    expect(pagePatternMatches('/pricing?*plan=pro*', '/pricing?utm_source=x&plan=pro&y=1')).toBe(true);
    expect(pagePatternMatches('*?*ref=partner*', '/any/page?ref=partner')).toBe(true);
    expect(pagePatternMatches('/pricing?plan=pro', '/pricing/?plan=pro')).toBe(true);
  });

  it('does not mind a trailing slash on the path, either side', () => {
    expect(pagePatternMatches('/pricing', '/pricing/')).toBe(true);
    expect(pagePatternMatches('/pricing/', '/pricing')).toBe(true);
    expect(pagePatternMatches('/pricing', '/pricing/?a=1')).toBe(true);
    expect(pagePatternMatches('/pricing', '/pricing//')).toBe(false);
  });

  it('ignores a #fragment', () => {
    expect(pagePatternMatches('/faq', '/faq#shipping')).toBe(true);
    expect(pagePatternMatches('/faq?q=1', '/faq?q=1#top')).toBe(true);
  });

  it('stays fast on many wildcards against a long page (no catastrophic backtracking)', () => {
    const pattern = '/' + '*a'.repeat(99);
    const long = '/' + 'a'.repeat(5000) + 'b';
    const started = performance.now();
    expect(pagePatternMatches(pattern, long)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('stays fast on a huge address (a hostile link) against twenty long patterns of each list', () => {
    const near = '*' + 'a'.repeat(198) + 'b';
    const hostile = rules({ includePages: Array.from({ length: 20 }, () => near), excludePages: Array.from({ length: 20 }, () => near) });
    const huge = '/' + 'a'.repeat(2_000_000) + '?' + 'a'.repeat(100_000);
    const started = performance.now();
    expect(hiddenByPage(hostile, page({ pathAndQuery: huge }))).toBe('includePages');
    // Quadratic matching took seconds on a 100 kB address; this is about a millisecond a pattern.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('finds each run between the stars in order, leftmost first', () => {
    expect(pagePatternMatches('/*a*b*', '/xbxaxbx')).toBe(true);
    expect(pagePatternMatches('/*a*b', '/ab/ba')).toBe(false);
    expect(pagePatternMatches('/*ab*ab', '/abab')).toBe(true);
    expect(pagePatternMatches('/*ab*ab', '/aba')).toBe(false);
    expect(pagePatternMatches('/x*x', '/x')).toBe(false);
    expect(pagePatternMatches('*', '')).toBe(true);
  });

  it('matches letters outside ASCII as typed or percent-encoded, as the browser gives the address', () => {
    expect(pagePatternMatches('/über-uns', '/%C3%BCber-uns')).toBe(true);
    expect(pagePatternMatches('/%C3%BCber-uns', '/%C3%BCber-uns')).toBe(true);
    expect(pagePatternMatches('/製品/*', '/%E8%A3%BD%E5%93%81/a')).toBe(true);
    expect(pagePatternMatches('/a/b', '/a%2Fb')).toBe(false);
    expect(pagePatternMatches('/x', '/x?q=%E0%A4%A')).toBe(true);
    expect(pagePatternMatches('/bad%', '/bad%')).toBe(true);
  });
});

describe('displayRulesProblems', () => {
  it('finds nothing wrong with the defaults, nothing, or a full valid set', () => {
    expect(displayRulesProblems(DEFAULT_DISPLAY_RULES)).toEqual([]);
    expect(displayRulesProblems(undefined)).toEqual([]);
    expect(displayRulesProblems(null)).toEqual([]);
    expect(displayRulesProblems({})).toEqual([]);
    const full: DisplayRules = {
      includePages: ['/pricing', '*/checkout'],
      excludePages: ['/blog/*'],
      utmSources: ['google', 'Newsletter'],
      minScrollPercent: 50,
      minSecondsOnPage: 30,
      visitors: 'returning',
    };
    expect(displayRulesProblems(full)).toEqual([]);
  });

  it('accepts the limits themselves', () => {
    const limits = DISPLAY_RULE_LIMITS;
    expect(
      displayRulesProblems({
        includePages: Array.from({ length: limits.patterns }, (_, i) => `/p${i}`),
        excludePages: ['/' + 'x'.repeat(limits.patternLength - 1)],
        utmSources: Array.from({ length: limits.utmSources }, () => 'y'.repeat(limits.utmSourceLength)),
        minScrollPercent: limits.scrollPercent.max,
        minSecondsOnPage: limits.seconds.max,
      }),
    ).toEqual([]);
    expect(displayRulesProblems({ minScrollPercent: limits.scrollPercent.min, minSecondsOnPage: limits.seconds.min })).toEqual([]);
  });

  it('names a list over its limit once, and each bad entry by index', () => {
    const tooMany = Array.from({ length: DISPLAY_RULE_LIMITS.patterns + 1 }, (_, i) => `/p${i}`);
    expect(displayRulesProblems({ includePages: tooMany })).toEqual([{ field: 'includePages', code: 'too_many' }]);
    expect(displayRulesProblems({ utmSources: Array.from({ length: 21 }, () => 'x') })).toEqual([{ field: 'utmSources', code: 'too_many' }]);
    expect(displayRulesProblems({ excludePages: ['/ok', '', '  ', 'pricing', '/' + 'x'.repeat(200), 7] })).toEqual([
      { field: 'excludePages', index: 1, code: 'empty' },
      { field: 'excludePages', index: 2, code: 'empty' },
      { field: 'excludePages', index: 3, code: 'not_a_path' },
      { field: 'excludePages', index: 4, code: 'too_long' },
      { field: 'excludePages', index: 5, code: 'invalid' },
    ]);
  });

  it('takes a pattern starting with / or *, and any UTM source text', () => {
    expect(displayRulesProblems({ includePages: ['*pricing', '/x', 'https://example.com/x', ' /x'] })).toEqual([
      { field: 'includePages', index: 2, code: 'not_a_path' },
      { field: 'includePages', index: 3, code: 'not_a_path' },
    ]);
    expect(displayRulesProblems({ utmSources: ['google ads', 'x'.repeat(101), ''] })).toEqual([
      { field: 'utmSources', index: 1, code: 'too_long' },
      { field: 'utmSources', index: 2, code: 'empty' },
    ]);
  });

  it('checks the numbers: whole, in range, or null', () => {
    expect(displayRulesProblems({ minScrollPercent: 0 })).toEqual([{ field: 'minScrollPercent', code: 'out_of_range' }]);
    expect(displayRulesProblems({ minScrollPercent: 101 })).toEqual([{ field: 'minScrollPercent', code: 'out_of_range' }]);
    expect(displayRulesProblems({ minScrollPercent: 12.5 })).toEqual([{ field: 'minScrollPercent', code: 'not_whole' }]);
    expect(displayRulesProblems({ minSecondsOnPage: 3601 })).toEqual([{ field: 'minSecondsOnPage', code: 'out_of_range' }]);
    expect(displayRulesProblems({ minSecondsOnPage: -5 })).toEqual([{ field: 'minSecondsOnPage', code: 'out_of_range' }]);
    expect(displayRulesProblems({ minSecondsOnPage: Number.NaN })).toEqual([{ field: 'minSecondsOnPage', code: 'invalid' }]);
    expect(displayRulesProblems({ minSecondsOnPage: '10' })).toEqual([{ field: 'minSecondsOnPage', code: 'invalid' }]);
    expect(displayRulesProblems({ minScrollPercent: null, minSecondsOnPage: null })).toEqual([]);
  });

  it('checks the kinds of visitor and the types of the lists', () => {
    expect(displayRulesProblems({ visitors: 'everyone' })).toEqual([{ field: 'visitors', code: 'invalid' }]);
    for (const visitors of ['all', 'new', 'returning']) expect(displayRulesProblems({ visitors })).toEqual([]);
    expect(displayRulesProblems({ includePages: '/pricing' })).toEqual([{ field: 'includePages', code: 'invalid' }]);
    expect(displayRulesProblems([] as never)).toEqual([{ field: 'visitors', code: 'invalid' }]);
  });

  it('reports every field in order', () => {
    expect(displayRulesProblems({ includePages: [''], excludePages: ['x'], utmSources: [' '], minScrollPercent: 0, minSecondsOnPage: 0.5, visitors: 'x' }).map((p) => p.field)).toEqual([
      'includePages',
      'excludePages',
      'utmSources',
      'minScrollPercent',
      'minSecondsOnPage',
      'visitors',
    ]);
  });
});

describe('hiddenByPage', () => {
  it('hides nothing with the defaults (today’s behaviour)', () => {
    expect(hiddenByPage(DEFAULT_DISPLAY_RULES, page({ pathAndQuery: '/any?x=1', utmSource: 'google', returning: true }))).toBeNull();
    expect(hiddenByPage(DEFAULT_DISPLAY_RULES, page())).toBeNull();
  });

  it('shows on included pages only; an empty include list is every page', () => {
    const onlyPricing = rules({ includePages: ['/pricing', '/plans/*'] });
    expect(hiddenByPage(onlyPricing, page({ pathAndQuery: '/pricing?utm_source=x' }))).toBeNull();
    expect(hiddenByPage(onlyPricing, page({ pathAndQuery: '/plans/pro' }))).toBeNull();
    expect(hiddenByPage(onlyPricing, page({ pathAndQuery: '/about' }))).toBe('includePages');
  });

  it('never shows on an excluded page, even an included one: exclude wins', () => {
    const both = rules({ includePages: ['/shop/*'], excludePages: ['/shop/checkout*'] });
    expect(hiddenByPage(both, page({ pathAndQuery: '/shop/checkout/pay' }))).toBe('excludePages');
    expect(hiddenByPage(both, page({ pathAndQuery: '/shop/shoes' }))).toBeNull();
    expect(hiddenByPage(rules({ excludePages: ['/careers'] }), page({ pathAndQuery: '/careers/' }))).toBe('excludePages');
    expect(hiddenByPage(rules({ excludePages: ['/careers'] }), page({ pathAndQuery: '/' }))).toBeNull();
  });

  it('shows for the listed UTM sources only, case-insensitively; an empty list takes any source or none', () => {
    const fromAds = rules({ utmSources: ['Google', ' facebook '] });
    expect(hiddenByPage(fromAds, page({ utmSource: 'google' }))).toBeNull();
    expect(hiddenByPage(fromAds, page({ utmSource: 'FACEBOOK' }))).toBeNull();
    expect(hiddenByPage(fromAds, page({ utmSource: 'newsletter' }))).toBe('utmSources');
    expect(hiddenByPage(fromAds, page({ utmSource: null }))).toBe('utmSources');
    expect(hiddenByPage(fromAds, page({ utmSource: '' }))).toBe('utmSources');
    expect(hiddenByPage(rules({}), page({ utmSource: 'anything' }))).toBeNull();
  });

  it('shows to new or returning visitors only when asked', () => {
    expect(hiddenByPage(rules({ visitors: 'new' }), page({ returning: false }))).toBeNull();
    expect(hiddenByPage(rules({ visitors: 'new' }), page({ returning: true }))).toBe('visitors');
    expect(hiddenByPage(rules({ visitors: 'returning' }), page({ returning: true }))).toBeNull();
    expect(hiddenByPage(rules({ visitors: 'returning' }), page({ returning: false }))).toBe('visitors');
    expect(hiddenByPage(rules({ visitors: 'all' }), page({ returning: true }))).toBeNull();
  });

  it('names the first rule that hides, in order exclude, include, UTM, visitors', () => {
    const all = rules({ includePages: ['/in'], excludePages: ['/out'], utmSources: ['google'], visitors: 'returning' });
    expect(hiddenByPage(all, page({ pathAndQuery: '/out' }))).toBe('excludePages');
    expect(hiddenByPage(all, page({ pathAndQuery: '/elsewhere' }))).toBe('includePages');
    expect(hiddenByPage(all, page({ pathAndQuery: '/in' }))).toBe('utmSources');
    expect(hiddenByPage(all, page({ pathAndQuery: '/in', utmSource: 'google' }))).toBe('visitors');
    expect(hiddenByPage(all, page({ pathAndQuery: '/in', utmSource: 'google', returning: true }))).toBeNull();
  });
});

describe('waitsFor and readDisplayRules', () => {
  it('waits for nothing by default, else the scroll depth and seconds set', () => {
    expect(waitsFor(DEFAULT_DISPLAY_RULES)).toEqual({ scrollPercent: null, seconds: null });
    expect(waitsFor(rules({ minScrollPercent: 40, minSecondsOnPage: 20 }))).toEqual({ scrollPercent: 40, seconds: 20 });
  });

  it('reads a widget saved without rules, or with some missing, as the defaults', () => {
    expect(readDisplayRules(undefined)).toEqual(DEFAULT_DISPLAY_RULES);
    expect(readDisplayRules({ visitors: 'new' })).toEqual({ ...DEFAULT_DISPLAY_RULES, visitors: 'new' });
  });

  it('hands out fresh lists and keeps the shared defaults frozen', () => {
    const copy = readDisplayRules(null);
    copy.includePages.push('/x');
    expect(DEFAULT_DISPLAY_RULES.includePages).toEqual([]);
    expect(() => DEFAULT_DISPLAY_RULES.includePages.push('/x')).toThrow();
  });
});

describe('DISPLAY_RULE_LIMITS', () => {
  type Schema = { required?: string[]; properties: Record<string, { maxItems?: number; minimum?: number; maximum?: number; enum?: string[]; items?: { maxLength?: number } }> };
  const displayRulesOf = (file: string) =>
    (parse(readFileSync(new URL(`../../openapi/${file}`, import.meta.url), 'utf8')) as { components: { schemas: { DisplayRules: Schema } } }).components.schemas.DisplayRules;

  it.each(['dashboard.yaml', 'widget.yaml'])('are the limits of the %s contract', (file) => {
    const { properties, required } = displayRulesOf(file);
    const limits = DISPLAY_RULE_LIMITS;
    for (const list of ['includePages', 'excludePages'] as const) expect([properties[list]!.maxItems, properties[list]!.items?.maxLength]).toEqual([limits.patterns, limits.patternLength]);
    expect([properties.utmSources!.maxItems, properties.utmSources!.items?.maxLength]).toEqual([limits.utmSources, limits.utmSourceLength]);
    expect([properties.minScrollPercent!.minimum, properties.minScrollPercent!.maximum]).toEqual([limits.scrollPercent.min, limits.scrollPercent.max]);
    expect([properties.minSecondsOnPage!.minimum, properties.minSecondsOnPage!.maximum]).toEqual([limits.seconds.min, limits.seconds.max]);
    expect(properties.visitors!.enum).toEqual([...VISITORS_RULES]);
    expect(new Set(required)).toEqual(new Set(Object.keys(DEFAULT_DISPLAY_RULES)));
  });
});
