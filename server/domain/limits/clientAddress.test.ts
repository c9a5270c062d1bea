import { describe, expect, it } from 'vitest';
import { addressLimitKey, canonicalAddress } from './clientAddress.ts';

describe('addressLimitKey', () => {
  it('keeps IPv4 as it is, and an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys IPv6 on its /64, however it is written', () => {
    expect(addressLimitKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressLimitKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressLimitKey('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(addressLimitKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(addressLimitKey('::1')).toBe('::/64');
    expect(addressLimitKey('fe80::1:2:3:4')).toBe('fe80::/64');
  });

  it('tells apart two /64 networks', () => {
    expect(addressLimitKey('2001:db8:1:2::1')).not.toBe(addressLimitKey('2001:db8:1:3::1'));
  });

  it('keeps what is not an address as given', () => {
    expect(addressLimitKey('unknown')).toBe('unknown');
    expect(canonicalAddress('fe80::1%eth0')).toBeNull();
  });
});
