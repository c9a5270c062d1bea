import { Input } from '@chakra-ui/react/input';
import { useLingui } from '@lingui/react/macro';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { TIME_STEP_MINUTES, timeFromParts, timeToMinutes } from '../../machines/shared/workingHours.ts';
import { TIME_FORMAT, type TimePickerProps } from './timePicker.ts';

/** An "HH:mm" time as the Date react-datepicker works with (the day itself does not matter). */
function timeToDate(time: string): Date | null {
  const minutes = timeToMinutes(time);
  return minutes === null ? null : new Date(2000, 0, 1, Math.floor(minutes / 60), minutes % 60);
}

/**
 * A time of a working-hours frame: react-datepicker's 12-hour time list in 5-minute steps,
 * loaded once the editor is on screen (WorkingHoursEditor's TimePicker shows the time until then).
 */
export default function TimePickerInput({ label, time, disabled, invalid, autoFocus, onChange }: TimePickerProps & { autoFocus: boolean }) {
  const { t } = useLingui();
  return (
    <DatePicker
      selected={timeToDate(time)}
      // spec §5: not clearable — an emptied field keeps the last time.
      onChange={(date: Date | null) => {
        if (date) onChange(timeFromParts(date.getHours(), date.getMinutes()));
      }}
      showTimeSelect
      showTimeSelectOnly
      timeIntervals={TIME_STEP_MINUTES}
      timeCaption={t`Time`}
      dateFormat={TIME_FORMAT}
      timeFormat={TIME_FORMAT}
      disabled={disabled}
      autoComplete="off"
      autoFocus={autoFocus}
      popperPlacement="bottom-start"
      customInput={<Input size="sm" bg="white" aria-label={label} aria-invalid={invalid ? true : undefined} />}
    />
  );
}
