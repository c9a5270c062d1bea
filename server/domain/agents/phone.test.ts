import { describe, expect, it } from 'vitest';
import { DomainError } from '../domainError.ts';
import { normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['+1 (415) 555-0123', '+14155550123'],
    ['415-555-0123', '4155550123'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s → %s', (input, phone) => {
    expect(normalizePhone(input)).toBe(phone);
  });

  it.each(['12345', '+1 415 CALL NOW', '+1415555012345678', '', '4155550123 ext 4'])('refuses %j', (input) => {
    expect(() => normalizePhone(input)).toThrow(DomainError);
  });
});
