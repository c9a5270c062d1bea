import { describe, expect, it } from 'vitest';
import { removeTimeFrame, setDayActive, setFrameTime } from '../shared/workingHours.ts';
import { defaultWorkingHours } from '../../common/rules/workingHours.ts';
import { english } from '../test/messages.ts';
import { validateAgentValues } from './agentForm.schema.ts';
import type { AgentFormValues } from './agentForm.types.ts';
import { stripPhone } from '../../common/rules/phone.ts';

const valid: AgentFormValues = { name: 'Alice Agent', phone: '+14155550123', availability: defaultWorkingHours() };

function messagesOf(values: Partial<AgentFormValues>) {
  const { errors } = validateAgentValues({ ...valid, ...values });
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, english(message)]));
}

describe('agent form validation (spec §5 Agent)', () => {
  it('accepts a named agent with a phone number and the default hours', () => {
    expect(messagesOf({})).toEqual({});
  });

  it('requires a name of 5 to 50 characters, surrounding spaces ignored', () => {
    expect(messagesOf({ name: '' })).toEqual({ name: 'Required field' });
    expect(messagesOf({ name: '   ' })).toEqual({ name: 'Required field' });
    expect(messagesOf({ name: ' Anna ' })).toEqual({ name: 'Minimum field length 5' });
    expect(messagesOf({ name: 'x'.repeat(51) })).toEqual({ name: 'Maximum field length 50' });
    expect(messagesOf({ name: 'x'.repeat(50) })).toEqual({});
  });

  it('requires a phone number matching the phone pattern', () => {
    expect(messagesOf({ phone: '' })).toEqual({ phone: 'Required field' });
    expect(messagesOf({ phone: '12345' })).toEqual({ phone: 'Not a valid phone number format' });
    expect(messagesOf({ phone: '+1415555012345' })).toEqual({ phone: 'Not a valid phone number format' });
    expect(messagesOf({ phone: '4155550123' })).toEqual({});
    expect(messagesOf({ phone: '+441234567890' })).toEqual({});
  });

  it('requires an active day, a time frame on active days and frames that end after they start', () => {
    const none = defaultWorkingHours().map((day) => ({ ...day, isActive: false }));
    expect(messagesOf({ availability: none })).toEqual({ availability: 'A minimum of one active day is required.' });
    const noFrame = removeTimeFrame(setDayActive(none, 'monday', true), 'monday', 0);
    expect(messagesOf({ availability: noFrame })).toEqual({
      availability: 'A minimum of one time frame for active days is required.',
    });
    const backwards = setFrameTime(defaultWorkingHours(), 'monday', 0, 'to', '08:00');
    const result = validateAgentValues({ ...valid, availability: backwards });
    expect(english(result.errors.availability)).toBe('Greater than From');
    expect(english(result.availabilityIssues.days.monday?.frames?.[0])).toBe('Greater than From');
  });

  it('strips parentheses, dashes and spaces from phone values', () => {
    expect(stripPhone('+1 (415) 555-0123')).toBe('+14155550123');
  });
});
