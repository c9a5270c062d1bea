import { describe, expect, it } from 'vitest';
import { commonMessages } from '../shared/messages.ts';
import { passwordChangeFailure, settingsMessages } from './settings.messages.ts';

describe('passwordChangeFailure', () => {
  it('says "too many attempts" for the per-account limit (429), the spec message otherwise', () => {
    expect(passwordChangeFailure({ status: 429, code: 'too_many_attempts' })).toBe(commonMessages.tooManyAttempts);
    expect(passwordChangeFailure({ status: 401, code: 'invalid_grant' })).toBe(settingsMessages.passwordFailed);
  });
});
