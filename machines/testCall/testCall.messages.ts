import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TestCallRefusal } from './testCall.types.ts';

/** The "Call me now" dialog's messages (issue 21, Test call). */
export const testCallMessages = {
  phoneMissing: msg`Enter the number to call.`,
};

/**
 * Why a test call was refused, in the user's words, for each of the contract's answers of
 * placeTestCall; the server's own text is never shown. The limit's message names the time (see
 * testCallRefusalMessage).
 */
export const testCallRefusalMessages = {
  invalidNumber: msg`This is not a phone number we can read. Enter it with its country code, such as +1 415 555 0123.`,
  emailNotVerified: msg`Verify your e-mail address first: open the link we sent you, then try again.`,
  apiKeyNotAllowed: msg`Test calls can be placed only from the dashboard.`,
  widgetNotFound: msg`This widget no longer exists.`,
  widgetInactive: msg`This widget is off: turn its Status on to place a test call.`,
  outsideWorkingHours: msg`This widget takes calls during its working hours only, and it is outside them now.`,
  numberNotAllowed: msg`Calls don't go to this kind of number: enter a landline, mobile or toll-free number.`,
  countryNotAllowed: msg`Your widgets don't call this country: add it to the call destinations in Settings, or enter another number.`,
  numberBlocked: msg`This number is on your block list: remove it there to call it.`,
  limitReached: msg`You have placed all the test calls allowed in 24 hours.`,
  failed: msg`The test call could not be placed. Please try again.`,
} satisfies Record<TestCallRefusal, MessageDescriptor>;

/** The refusal's message; the limit's says when the next test call is possible (`time`, formatted by the view). */
export function testCallRefusalMessage(reason: TestCallRefusal, time: string | null): MessageDescriptor {
  if (reason === 'limitReached' && time !== null) return msg`You have placed all the test calls allowed in 24 hours. The next is possible from ${time}.`;
  return testCallRefusalMessages[reason];
}
