import { describe, expect, it } from 'vitest';
import { createAdapters, describeAdapters } from '../adapters.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { cardBrand, isExpired, passesLuhn, testCardBehaviour } from './testCards.ts';

describe('test cards', () => {
  it.each([
    ['4242424242424242', true],
    ['4000002760003184', true],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['4242424242424241', false],
    ['1234', false],
    ['42424242424242424242', false],
  ])('Luhn check of %s is %s', (number, valid) => {
    expect(passesLuhn(number)).toBe(valid);
  });

  it.each([
    ['4242424242424242', 'succeeds'],
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000002760003184', 'requires_authentication'],
    ['4000000000000069', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc'],
    ['6011111111111117', 'succeeds'],
  ])('%s %s when charged', (number, behaviour) => {
    expect(testCardBehaviour(number)).toBe(behaviour);
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('keeps a card valid through the last day of its expiry month', () => {
    const now = new Date('2026-11-30T23:59:59Z');
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(10, 2026, now)).toBe(true);
    expect(isExpired(1, 2027, now)).toBe(false);
    expect(isExpired(12, 2025, now)).toBe(true);
  });
});

describe('the payments adapter', () => {
  const db = {} as Database; // the adapters only keep it
  const log = { info() {}, warn() {}, error() {} } as never;

  it('is the local card processor by default, and says so at startup', () => {
    const adapters = createAdapters(loadConfig({}), db, log);
    expect(describeAdapters(adapters)).toContain('payments: local card processor (Stripe test cards)');
    expect(adapters.payments.name).toBe('local');
  });

  it('is Stripe when its keys are set', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_PUBLISHABLE_KEY: 'pk_test_b', STRIPE_WEBHOOK_SECRET: 'whsec_c' });
    const adapters = createAdapters(config, db, log);
    expect(adapters.payments.name).toBe('stripe');
    expect(adapters.payments.publishableKey).toBe('pk_test_b');
    expect(describeAdapters(adapters)).toContain('payments: Stripe (test mode, webhook verified)');
  });
});
