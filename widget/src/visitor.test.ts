// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { touchOf, visitor } from './visitor.ts';

const page = (path: string) => new URL(path, 'https://shop.example');

describe('touchOf: the source of a visit’s first page (issue 20)', () => {
  it('takes utm_source, lowercased and trimmed, with utm_medium and utm_campaign', () => {
    expect(touchOf(page('/pricing?utm_source=%20Google%20&utm_medium=cpc&utm_campaign=Spring%20Sale&x=1'), 'https://www.google.com/')).toEqual({
      s: { source: 'google', medium: 'cpc', campaign: 'Spring Sale', landingPage: '/pricing?utm_source=%20Google%20&utm_medium=cpc&utm_campaign=Spring%20Sale&x=1' },
      u: 'google',
    });
    expect(touchOf(page('/?utm_source=newsletter'), '')).toEqual({ s: { source: 'newsletter', medium: null, campaign: null, landingPage: '/?utm_source=newsletter' }, u: 'newsletter' });
  });

  it('takes the referring site’s host name without www. as a referral', () => {
    expect(touchOf(page('/blog/post'), 'https://www.news.example.org/article?id=3')).toEqual({
      s: { source: 'news.example.org', medium: 'referral', campaign: null, landingPage: '/blog/post' },
      u: null,
    });
  });

  it('is direct without a referrer, with one of this site, with a blank utm_source or a referrer that is no address', () => {
    const direct = (landingPage: string) => ({ s: { source: '(direct)', medium: '(none)', campaign: null, landingPage }, u: null });
    expect(touchOf(page('/'), '')).toEqual(direct('/'));
    expect(touchOf(page('/cart'), 'https://shop.example/pricing')).toEqual(direct('/cart'));
    expect(touchOf(new URL('https://www.shop.example/cart'), 'https://shop.example/')).toEqual(direct('/cart'));
    expect(touchOf(page('/?utm_source=%20'), '')).toEqual(direct('/?utm_source=%20'));
    expect(touchOf(page('/'), 'not an address')).toEqual(direct('/'));
  });

  it('cuts every value to the contract’s lengths, so a long one never costs the call', () => {
    const long = touchOf(page(`/${'p'.repeat(600)}?utm_source=${'s'.repeat(150)}&utm_medium=${'m'.repeat(150)}&utm_campaign=${'c'.repeat(250)}`), '');
    expect([long.s.source.length, long.s.medium!.length, long.s.campaign!.length, long.s.landingPage!.length]).toEqual([100, 100, 200, 500]);
    expect(touchOf(page('/'), `https://${'a'.repeat(63)}.${'b'.repeat(63)}.example.com/`).s.source).toHaveLength(100);
    // The contract counts characters: 150 emoji are cut to 100 whole ones, never half of one.
    const emoji = touchOf(page(`/?utm_source=x&utm_campaign=${encodeURIComponent('\u{1F600}'.repeat(250))}`), '');
    expect(Array.from(emoji.s.campaign!)).toEqual(Array(200).fill('\u{1F600}'));
  });
});

describe('visitor: first touch, this visit, new or returning', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  /** A new tab session, an hour after the first visit: a later visit. */
  const newVisit = () => {
    sessionStorage.clear();
    vi.setSystemTime(Date.now() + 60 * 60_000);
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is new during the first visit, on every page of it, and returning on later visits', () => {
    expect(visitor(page('/'), '').returning).toBe(false);
    expect(visitor(page('/pricing'), 'https://shop.example/').returning).toBe(false);
    newVisit();
    expect(visitor(page('/'), '').returning).toBe(true);
    expect(visitor(page('/pricing'), '').returning).toBe(true);
  });

  it('is still new in a second tab opened during the first visit (within 30 minutes of its start)', () => {
    const start = Date.now();
    expect(visitor(page('/'), '', start).returning).toBe(false);
    sessionStorage.clear(); // another tab: a session of its own
    expect(visitor(page('/pricing'), '', start + 29 * 60_000).returning).toBe(false);
    sessionStorage.clear();
    expect(visitor(page('/contact'), '', start + 31 * 60_000).returning).toBe(true);
  });

  it('remembers the first visit’s time and source, and keeps the first touch on later visits', () => {
    const first = visitor(page('/landing?utm_source=Facebook&utm_medium=social'), 'https://facebook.com/');
    expect(first.firstTouch).toEqual({ source: 'facebook', medium: 'social', campaign: null, landingPage: '/landing?utm_source=Facebook&utm_medium=social' });
    const stored = JSON.parse(localStorage.getItem('callback-widget:first')!);
    expect(stored.at).toBeGreaterThan(Date.now() - 60_000);
    // Later pages of the visit: the landing source stays, whatever their own referrer.
    expect(visitor(page('/pricing'), 'https://shop.example/landing')).toMatchObject({ firstTouch: first.firstTouch, utmSource: 'facebook' });
    newVisit();
    const later = visitor(page('/'), 'https://duckduckgo.com/');
    expect(later).toEqual({ firstTouch: first.firstTouch, utmSource: 'facebook', returning: true });
    expect(JSON.parse(localStorage.getItem('callback-widget:first')!).at).toBe(stored.at);
  });

  it('compares this visit’s UTM source before the first-touch one', () => {
    visitor(page('/?utm_source=google'), '');
    newVisit();
    expect(visitor(page('/?utm_source=Newsletter'), '')).toMatchObject({ utmSource: 'newsletter', firstTouch: { source: 'google' } });
    expect(visitor(page('/next'), '').utmSource).toBe('newsletter');
  });

  it('has no UTM source for a visitor who never came with one', () => {
    expect(visitor(page('/'), 'https://bing.com/')).toMatchObject({ utmSource: null, firstTouch: { source: 'bing.com', medium: 'referral' } });
  });

  it('ignores what it cannot read in storage, and drops unknown fields and long values', () => {
    localStorage.setItem('callback-widget:first', '{not json');
    sessionStorage.setItem('callback-widget:visit', JSON.stringify({ s: { source: '' }, n: true }));
    expect(visitor(page('/?utm_source=x'), '')).toMatchObject({ firstTouch: { source: 'x' }, returning: false });
    localStorage.setItem('callback-widget:first', JSON.stringify({ s: { source: 'y'.repeat(300), medium: 7, extra: 'no', landingPage: '/l' }, u: 'y', at: 1 }));
    newVisit();
    expect(visitor(page('/'), '').firstTouch).toEqual({ source: 'y'.repeat(100), medium: null, campaign: null, landingPage: '/l' });
  });

  describe('without storage (private mode, a sandboxed frame)', () => {
    const descriptors = ['localStorage', 'sessionStorage'].map((name) => [name, Object.getOwnPropertyDescriptor(window, name)!] as const);
    beforeEach(() => {
      for (const [name] of descriptors) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException('denied', 'SecurityError');
          },
        });
      }
    });
    afterEach(() => {
      for (const [name, descriptor] of descriptors) Object.defineProperty(window, name, descriptor);
    });

    it('treats every page as a new visitor’s, its source from the page itself', () => {
      expect(visitor(page('/?utm_source=Google'), '')).toEqual({ firstTouch: { source: 'google', medium: null, campaign: null, landingPage: '/?utm_source=Google' }, utmSource: 'google', returning: false });
      expect(visitor(page('/'), 'https://www.example.net/')).toMatchObject({ firstTouch: { source: 'example.net' }, returning: false });
    });
  });
});
