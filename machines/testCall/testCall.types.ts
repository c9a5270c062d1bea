import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { components } from '../../common/contract/dashboard.gen.ts';
import type { ApiFailure } from '../shared/apiFailure.ts';

/** Test calls left in the last 24 hours, and when the next frees up once none is (contract: TestCallAllowance). */
export type TestCallAllowance = components['schemas']['TestCallAllowance'];
/** A placed test call (contract: TestCallAccepted): its Call ID, the number rung and the allowance after it. */
export type TestCallAccepted = components['schemas']['TestCallAccepted'];

/** The widget a test call goes through (a Widgets row, or the wizard's saved widget). */
export interface TestCallWidget {
  id: number;
  name: string;
}

/**
 * A refused test call as the placing actor rejects it: the ApiFailure, and for 429 test_call_limit
 * when the next is possible (the actor reads Retry-After against its clock; machines have none).
 */
export interface TestCallFailure extends ApiFailure {
  readonly nextAt?: string;
}

/** Why a test call was refused, one for each of the contract's answers (placeTestCall), and anything else. */
export type TestCallRefusal =
  | 'invalidNumber'
  | 'emailNotVerified'
  | 'apiKeyNotAllowed'
  | 'widgetNotFound'
  | 'widgetInactive'
  | 'outsideWorkingHours'
  | 'numberNotAllowed'
  | 'countryNotAllowed'
  | 'numberBlocked'
  | 'limitReached'
  | 'failed';

export interface TestCallContext {
  /** The widget the open dialog calls through; null while it is closed. */
  widget: TestCallWidget | null;
  /** The number to call: E.164 as the phone input gives it, or what was typed. */
  phone: string;
  /** Submit was tried with no number: "Enter the number to call." shows until one is typed. */
  phoneMissing: boolean;
  /** As the server last answered it; null until it has (or when it could not). */
  allowance: TestCallAllowance | null;
  /** The call placed, once accepted. */
  placed: TestCallAccepted | null;
  /** Why the last attempt was refused, with when the next is possible for the limit. */
  refusal: { reason: TestCallRefusal; nextAt: string | null } | null;
}

export type TestCallEvent =
  /** "Call me now" of a widget: `phone` is the default number (the account's phone). */
  | { type: 'user.open'; widget: TestCallWidget; phone: string }
  /** "Close", Escape or a click outside the dialog. */
  | { type: 'user.close' }
  | { type: 'user.changePhone'; phone: string }
  | { type: 'user.submit' }
  | DoneActorEvent<TestCallAllowance, 'allowanceLoader'>
  | ErrorActorEvent<unknown, 'allowanceLoader'>
  | DoneActorEvent<TestCallAccepted, 'callPlacer'>
  | ErrorActorEvent<unknown, 'callPlacer'>;
