/**
 * The widget's own visitor-facing texts (everything the client does not type in the wizard).
 * English here; the dashboard's preview passes the same keys translated (Lingui), and the embed
 * script may later pass the visitor's language.
 */
export interface WidgetStrings {
  /** Placeholder of the visitor's phone number input. */
  phonePlaceholder: string;
  /** Accessible name of the phone number input. */
  phoneLabel: string;
  /** spec §1: "The widget tells visitors they will get a call within 10 seconds." */
  callWithin: string;
  /** Accessible name of the popup's close button. */
  close: string;
  /** Accessible name of the floating icon. */
  openWidget: string;
  /** Accessible names of the schedule form's day and time choices. */
  day: string;
  time: string;
  /** Day names for the first two days of the schedule form. */
  today: string;
  tomorrow: string;
  /** Shown in the schedule form when the working hours leave no time to choose. */
  noTimes: string;
}

export const defaultStrings: WidgetStrings = {
  phonePlaceholder: 'Your phone number',
  phoneLabel: 'Phone number',
  callWithin: 'We will call you within 10 seconds',
  close: 'Close',
  openWidget: 'Call me',
  day: 'Day',
  time: 'Time',
  today: 'Today',
  tomorrow: 'Tomorrow',
  noTimes: 'No times available',
};
