import { describe, expect, it } from 'vitest';
import { DomainError } from '../domainError.ts';
import { blockedNumber, canonicalAddress } from './blockList.ts';

describe('canonicalAddress', () => {
  it('keeps IPv4 as written and refuses what is not an address', () => {
    expect(canonicalAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(canonicalAddress(' 203.0.113.7 ')).toBe('203.0.113.7');
    for (const bad of ['203.0.113', '203.0.113.256', '010.0.0.1', 'example.com', '', 'fe80::1%eth0', '::ffff:203.0.113']) {
      expect(canonicalAddress(bad), bad).toBeNull();
    }
  });

  it('writes IPv6 compressed and lower-case', () => {
    expect(canonicalAddress('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(canonicalAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(canonicalAddress('::1')).toBe('::1');
  });

  it('writes an IPv4-mapped IPv6 address (a dual-stack socket’s IPv4 client) as IPv4', () => {
    expect(canonicalAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(canonicalAddress('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });
});

describe('blockedNumber', () => {
  it('removes what people type between digits and keeps the plus', () => {
    expect(blockedNumber('+1 (415) 555-0142')).toBe('+14155550142');
    expect(blockedNumber('415.555.0142')).toBe('4155550142');
  });

  it('refuses what is not a phone number with invalid_request', () => {
    for (const bad of ['12345', '+1 415 555 0142 9999', 'call me', '']) {
      expect(() => blockedNumber(bad), bad).toThrow(DomainError);
    }
  });
});
