import { describe, expect, it } from 'vitest';
import { english } from '../test/messages.ts';
import { emailChangeFailure, passwordChangeFailure, twilioChangeFailure } from './settings.messages.ts';

describe('passwordChangeFailure', () => {
  it('says a wrong current password (401 invalid_grant) and "too many attempts" (429), the spec message otherwise', () => {
    expect(english(passwordChangeFailure({ status: 401, code: 'invalid_grant' }))).toBe('The login detail is incorrect');
    expect(english(passwordChangeFailure({ status: 429, code: 'too_many_attempts' }))).toBe('Too many attempts. Please try again later.');
    expect(english(passwordChangeFailure({ status: 500 }))).toBe('Failed to change password.');
  });
});

describe('emailChangeFailure', () => {
  it('says a wrong current password, the rate limit, or the spec message', () => {
    expect(english(emailChangeFailure({ status: 401, code: 'invalid_grant' }))).toBe('The login detail is incorrect');
    expect(english(emailChangeFailure({ status: 429, code: 'too_many_attempts' }))).toBe('Too many email changes. Please try again later.');
    expect(english(emailChangeFailure({ status: 0 }))).toBe('Failed to change email.');
  });
});

describe('twilioChangeFailure', () => {
  it('tells a refused number from a failed request', () => {
    expect(english(twilioChangeFailure({ status: 400, code: 'invalid_request' }))).toBe('Twilio number change failed.');
    expect(english(twilioChangeFailure({ status: 500 }))).toBe('Failed to change twilio number.');
    expect(english(twilioChangeFailure({ status: 0 }))).toBe('Failed to change twilio number.');
  });
});
