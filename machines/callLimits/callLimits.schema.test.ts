import { describe, expect, it } from 'vitest';
import { validateValues } from '../form/validation.ts';
import { english } from '../test/messages.ts';
import { callLimitsSchema } from './callLimits.schema.ts';

describe('call limits form rules', () => {
  it('takes whole numbers from 1 to 10000 and names the field it explains (spec §5)', () => {
    expect(validateValues(callLimitsSchema, { perWidget: '10', perAccount: '10000' })).toEqual({});
    const errors = validateValues(callLimitsSchema, { perWidget: '0', perAccount: '2.5' });
    expect(english(errors.perWidget)).toBe('Requests per widget in 10 minutes is not valid.');
    expect(english(errors.perAccount)).toBe('Requests for all widgets in an hour is not valid.');
    const empty = validateValues(callLimitsSchema, { perWidget: '', perAccount: '10001' });
    expect(english(empty.perWidget)).toBe('Requests per widget in 10 minutes is required.');
    expect(english(empty.perAccount)).toBe('Requests for all widgets in an hour is not valid.');
  });

  it('keeps the per-widget limit at most the account\'s: Lower than "{field}"', () => {
    expect(english(validateValues(callLimitsSchema, { perWidget: '31', perAccount: '30' }).perWidget)).toBe('Lower than "Requests for all widgets in an hour"');
    expect(validateValues(callLimitsSchema, { perWidget: '30', perAccount: '30' })).toEqual({});
  });
});
