import { timeToMinutes } from '../../machines/shared/workingHours.ts';

// What the working-hours editor (WorkingHoursEditor.tsx) and its lazily loaded time picker
// (TimePickerInput.tsx) share.

/** spec §5 Active hours: 12-hour h:mm a (react-datepicker's date-fns format). */
export const TIME_FORMAT = 'h:mm aa';

/** An "HH:mm" time as TIME_FORMAT writes it ("9:05 AM"), without date-fns (WorkingHoursEditor.test.tsx checks they agree). */
export function timeToPickerText(time: string): string {
  const minutes = timeToMinutes(time);
  if (minutes === null) return '';
  const hours = Math.floor(minutes / 60);
  return `${hours % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

export interface TimePickerProps {
  label: string;
  time: string;
  disabled: boolean;
  invalid?: boolean;
  onChange: (time: string) => void;
}
