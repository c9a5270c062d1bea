import type { LocalCardBehaviour } from '../../db/schema/localCardProcessor.ts';

/**
 * Stripe's test card numbers (docs.stripe.com/testing) and what each does when charged. Any
 * other number that passes the Luhn check succeeds, as on Stripe in test mode.
 */
const TEST_CARDS: Record<string, LocalCardBehaviour> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  // "Always authenticate": 3-D Secure on every payment, so off-session charges fail too.
  '4000002760003184': 'requires_authentication',
};

export function testCardBehaviour(number: string): LocalCardBehaviour {
  return TEST_CARDS[number] ?? 'succeeds';
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand by issuer prefix, named as Stripe names it. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(number)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}
