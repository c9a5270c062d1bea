export type CallRequestErrorCode =
  /** No active widget with this id on this website of this account. */
  | 'widget_not_found'
  | 'widget_inactive'
  /** A call would take the balance below the overdraft (spec §1: no credits, no calls). */
  | 'no_credits'
  /** The widget takes calls only within its working hours (useSchedule / duringWorkingHoursOnly). */
  | 'outside_working_hours'
  /** The widget does not offer the schedule form now (showScheduleForm). */
  | 'schedule_not_offered'
  | 'invalid_number'
  /** A premium-rate, shared-cost, satellite or other number calls are never placed to (callDestinations.ts). */
  | 'number_not_allowed'
  /** A number outside the countries the client takes calls to (Settings, Call destinations). */
  | 'country_not_allowed'
  | 'invalid_scheduled_time';

/** A call request the rules refuse; `message` is an English sentence fit for the visitor-facing API. */
export class CallRequestError extends Error {
  override name = 'CallRequestError';
  readonly code: CallRequestErrorCode;
  constructor(code: CallRequestErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
