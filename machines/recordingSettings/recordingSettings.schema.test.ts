import { describe, expect, it } from 'vitest';
import { validateValues } from '../form/validation.ts';
import { english } from '../test/messages.ts';
import { recordingSettingsSchema } from './recordingSettings.schema.ts';

describe('call recording settings form rules', () => {
  it('takes whole numbers of days from 1 to 3650 and names the field it explains (spec §5)', () => {
    expect(validateValues(recordingSettingsSchema, { retentionDays: '1' })).toEqual({});
    expect(validateValues(recordingSettingsSchema, { retentionDays: ' 3650 ' })).toEqual({});
    for (const invalid of ['0', '3651', '2.5', '-1', 'ninety']) {
      expect(english(validateValues(recordingSettingsSchema, { retentionDays: invalid }).retentionDays)).toBe('Days to keep recordings is not valid.');
    }
    expect(english(validateValues(recordingSettingsSchema, { retentionDays: '' }).retentionDays)).toBe('Days to keep recordings is required.');
  });
});
