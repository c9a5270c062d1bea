// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { gaVisitor } from './hostAnalytics.ts';

/** The page's cookies as the script reads them (an own getter shadows Document.prototype's). */
function pageCookies(read: () => string) {
  Object.defineProperty(document, 'cookie', { configurable: true, get: read });
}

afterEach(() => {
  delete (document as { cookie?: string }).cookie;
});

/** The client id alone, as the requests carry it. */
const gaClientId = () => {
  const { gaClientId: id } = gaVisitor();
  return id === undefined ? {} : { gaClientId: id };
};

describe('gaVisitor: the visitor’s GA client id from the `_ga` cookie (issue 19)', () => {
  it('reads the client id of GA1.1 and GA1.2 cookies, among the page’s other cookies', () => {
    pageCookies(() => '_ga=GA1.1.123456789.1700000000');
    expect(gaVisitor()).toEqual({ gaClientId: '123456789.1700000000' });
    pageCookies(() => 'theme=dark; _ga=GA1.2.987654321.1690000000; cart=3');
    expect(gaVisitor()).toEqual({ gaClientId: '987654321.1690000000' });
  });

  it('leaves it out without a `_ga` cookie, or with one that is not a client id (the strict pattern of common/rules/ga4.ts)', () => {
    for (const cookies of [
      '',
      'theme=dark',
      '_ga',
      '_ga=',
      '_ga=123456789.1700000000',
      '_ga=GA1.1.abc.1700000000',
      '_ga=GA1.1.123456789',
      `_ga=GA1.1.${'1'.repeat(21)}.1700000000`,
      '_ga=GA1.1.123456789.1700000000.5',
      '_ga=GA1.1. 123456789.1700000000',
      'x_ga=GA1.1.123456789.1700000000',
      '_gax=GA1.1.123456789.1700000000',
    ]) {
      pageCookies(() => cookies);
      expect(gaVisitor(), cookies).toEqual({});
    }
  });

  it('takes the first `_ga` that holds a client id', () => {
    pageCookies(() => '_ga=broken; _ga=GA1.3.111.222; _ga=GA1.1.333.444');
    expect(gaClientId()).toEqual({ gaClientId: '111.222' });
  });
});

describe('gaVisitor: the session ids of the `_ga_<container>` cookies (issue 19)', () => {
  const CLIENT = '_ga=GA1.1.123456789.1700000000';

  it('reads the session id of a GS1 cookie (its third field) and of a GS2 one (its `s` field)', () => {
    pageCookies(() => `${CLIENT}; _ga_ABC123XYZ9=GS1.1.1700000100.4.1.1700000200.0.0.0`);
    expect(gaVisitor()).toEqual({ gaClientId: '123456789.1700000000', gaSessionIds: { ABC123XYZ9: '1700000100' } });
    pageCookies(() => `_ga_ABC123XYZ9=GS2.1.s1700000300$o5$g1$t1700000400$j60$l0$h0; ${CLIENT}`);
    expect(gaVisitor()).toEqual({ gaClientId: '123456789.1700000000', gaSessionIds: { ABC123XYZ9: '1700000300' } });
    // GS2's fields are named, not placed: the session id is found wherever it is.
    pageCookies(() => `${CLIENT}; _ga_ABC123XYZ9=GS2.1.o5$g1$s1700000500$t1700000600`);
    expect(gaVisitor().gaSessionIds).toEqual({ ABC123XYZ9: '1700000500' });
  });

  it('maps each stream’s container to its session, the first cookie of a container counting, at most 5', () => {
    pageCookies(() =>
      [
        CLIENT,
        '_ga_AAAA1111=GS1.1.1700000001.1.0.1700000001.0.0.0',
        '_ga_BBBB2222=GS2.1.s1700000002$o1$g0$t1700000002$j0$l0$h0',
        '_ga_AAAA1111=GS1.1.1699999999.1.0.1699999999.0.0.0',
        '_ga_CCCC3333=GS2.1.s1700000003$o1',
        '_ga_DDDD4444=GS1.2.1700000004.1.0.1700000004.0.0.0',
        '_ga_EEEE5555=GS2.1.s1700000005$o1',
        '_ga_FFFF6666=GS2.1.s1700000006$o1',
      ].join('; '),
    );
    expect(gaVisitor().gaSessionIds).toEqual({ AAAA1111: '1700000001', BBBB2222: '1700000002', CCCC3333: '1700000003', DDDD4444: '1700000004', EEEE5555: '1700000005' });
  });

  it('skips junk: malformed values, containers outside the pattern, other GA cookies; a junk cookie does not use up a place', () => {
    const junk = [
      '_ga_ABC123XYZ9=',
      '_ga_ABC123XYZ9=GS1.1.abc.1.0.1700000000.0.0.0',
      '_ga_ABC123XYZ9=GS1.1.1700000000',
      `_ga_ABC123XYZ9=GS1.1.${'1'.repeat(21)}.1.0.0.0.0.0`,
      '_ga_ABC123XYZ9=GS2.1.o1$g0$t1700000000',
      '_ga_ABC123XYZ9=GS2.1.s$o1',
      '_ga_ABC123XYZ9=GS2.1.s17000x$o1',
      '_ga_ABC123XYZ9=GS3.1.s1700000000$o1',
      '_ga_ABC123XYZ9=GA1.1.123.456',
      '_ga_abc123xyz9=GS1.1.1700000000.1.0.1700000000.0.0.0',
      '_ga_ABC=GS1.1.1700000000.1.0.1700000000.0.0.0',
      `_ga_${'A'.repeat(21)}=GS1.1.1700000000.1.0.1700000000.0.0.0`,
      '_ga_AB-123=GS1.1.1700000000.1.0.1700000000.0.0.0',
      '_ga_=GS1.1.1700000000.1.0.1700000000.0.0.0',
      '_gat_ABC123XYZ9=1',
      '_gid=GA1.1.1.2',
    ];
    for (const cookie of junk) {
      pageCookies(() => `${CLIENT}; ${cookie}`);
      expect(gaVisitor(), cookie).toEqual({ gaClientId: '123456789.1700000000' });
    }
    pageCookies(() => [CLIENT, ...junk, '_ga_GOOD0001=GS1.1.1700000007.1.0.1700000007.0.0.0'].join('; '));
    expect(gaVisitor().gaSessionIds).toEqual({ GOOD0001: '1700000007' });
  });

  it('sends no session ids without a client id: no outcome is sent for such a call', () => {
    pageCookies(() => '_ga_ABC123XYZ9=GS1.1.1700000000.1.0.1700000000.0.0.0');
    expect(gaVisitor()).toEqual({});
    pageCookies(() => '_ga=junk; _ga_ABC123XYZ9=GS2.1.s1700000000$o1');
    expect(gaVisitor()).toEqual({});
  });

  it('never throws: a sandboxed frame denies the page’s cookies', () => {
    pageCookies(() => {
      throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
    });
    expect(gaVisitor()).toEqual({});
  });
});
