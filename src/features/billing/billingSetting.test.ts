import { describe, expect, it } from 'vitest';
import { billingSettingOf } from './billingSetting.ts';

const billing = (value: unknown) => [{ id: 1, type: 'other', value: { cardProcessor: { name: 'stripe', publishableKey: 'pk_other' } } }, { id: 2, type: 'billing', value }];

describe('billingSettingOf', () => {
  it('reads the thresholds and the local processor the server names', () => {
    const setting = billingSettingOf(billing({ currency: 'usd', autoRechargeThresholds: [5, 10, 20], cardProcessor: { name: 'local', publishableKey: null } }), 'pk_test_build');
    expect(setting).toEqual({ autoRechargeThresholds: [5, 10, 20], cardProcessor: { name: 'local' } });
  });

  it("uses Stripe with the server's publishable key over the build-time one", () => {
    const setting = billingSettingOf(billing({ cardProcessor: { name: 'stripe', publishableKey: ' pk_test_server ' } }), 'pk_test_build');
    expect(setting.cardProcessor).toEqual({ name: 'stripe', publishableKey: 'pk_test_server' });
  });

  it('falls back to the build-time key only when the server names no processor, else to the local one', () => {
    expect(billingSettingOf(billing({}), 'pk_test_build').cardProcessor).toEqual({ name: 'stripe', publishableKey: 'pk_test_build' });
    expect(billingSettingOf(billing({ cardProcessor: { name: 'stripe', publishableKey: null } }), null).cardProcessor).toEqual({ name: 'local' });
    expect(billingSettingOf(billing({ cardProcessor: { name: 'paypal' } }), null).cardProcessor).toEqual({ name: 'local' });
    expect(billingSettingOf(undefined, null)).toEqual({ autoRechargeThresholds: [], cardProcessor: { name: 'local' } });
  });

  it('keeps the processor when the thresholds are malformed', () => {
    expect(billingSettingOf(billing({ autoRechargeThresholds: 'x', cardProcessor: { name: 'local' } }), 'pk')).toEqual({
      autoRechargeThresholds: [],
      cardProcessor: { name: 'local' },
    });
  });
});
