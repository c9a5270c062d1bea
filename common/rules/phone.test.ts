import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN, stripPhone, stripVisitorNumber } from './phone.ts';

describe('the phone pattern (spec §5)', () => {
  it('takes an optional plus and 10 to 12 digits', () => {
    expect(PHONE_PATTERN.test('+14155550123')).toBe(true);
    expect(PHONE_PATTERN.test('4155550123')).toBe(true);
    expect(PHONE_PATTERN.test('+441234567890')).toBe(true);
    expect(PHONE_PATTERN.test('+1415555012')).toBe(true);
    expect(PHONE_PATTERN.test('415555012')).toBe(false);
    expect(PHONE_PATTERN.test('+4412345678901')).toBe(false);
    expect(PHONE_PATTERN.test('++14155550123')).toBe(false);
    expect(PHONE_PATTERN.test('415-555-0123')).toBe(false);
  });

  it('is met once parentheses, dashes and spaces are stripped', () => {
    expect(stripPhone(' (415) 555-0123 ')).toBe('4155550123');
    expect(PHONE_PATTERN.test(stripPhone('+1 (415) 555-0123'))).toBe(true);
    expect(stripPhone('415.555.0123')).toBe('415.555.0123');
  });

  it('takes a visitor\'s number with dots too', () => {
    expect(stripVisitorNumber('+1 (415) 555.0123')).toBe('+14155550123');
    expect(PHONE_PATTERN.test(stripVisitorNumber('415.555.0123'))).toBe(true);
  });
});
