import { describe, expect, it } from 'vitest';
import { normalizeDomain } from './domainName.ts';

describe('normalizeDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  Example.COM  ', 'example.com'],
    ['https://Shop.Example.com/cart?x=1#top', 'shop.example.com'],
    ['http://user:secret@example.com:8080/path', 'example.com'],
    ['example.com.', 'example.com'],
    ['example.com/landing', 'example.com'],
    ['example.com:443', 'example.com'],
    ['www.example.co.uk', 'www.example.co.uk'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['my-shop.io', 'my-shop.io'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });

  it.each(['', '   ', 'localhost', '127.0.0.1', 'exa mple.com', 'example', '-bad.com', 'bad-.com', 'example.c0m', 'http://', 'ftp:/x', `${'a'.repeat(64)}.com`])(
    'rejects %j',
    (input) => {
      expect(normalizeDomain(input)).toBeNull();
    },
  );
});
