import { describe, expect, it } from 'vitest';
import { english } from '../../machines/test/messages.ts';
import { creditPackLabel, formatPrice, geolocationLabel, orSlash } from './formatting.ts';

describe('display formats', () => {
  it('writes geolocation as country, region, city (spec §9)', () => {
    expect(geolocationLabel({ country: 'United States', region: 'New York', city: 'Brooklyn' })).toBe('United States, New York, Brooklyn');
    expect(geolocationLabel({ country: 'United States', region: null, city: 'Austin' })).toBe('United States, Austin');
    expect(geolocationLabel({ country: null, region: null, city: null })).toBe('');
  });

  it('shows a slash for an empty custom field (spec §2 Upcoming Calls)', () => {
    expect(orSlash(null)).toBe('/');
    expect(orSlash('  ')).toBe('/');
    expect(orSlash('Leaking pipe')).toBe('Leaking pipe');
  });

  it('labels a credit pack "{credits} for ${price}" (spec §3)', () => {
    expect(formatPrice(2000)).toBe('20');
    expect(formatPrice(21250)).toBe('212.50');
    expect(english(creditPackLabel({ credits: 250, price: 21250 }))).toBe('250 for $212.50');
    expect(english(creditPackLabel({ credits: 50, price: 5000 }))).toBe('50 for $50');
  });
});
