import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { Input } from '@chakra-ui/react/input';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useLoadedAfterPaint } from '../lib/useLoadedAfterPaint.ts';
import { dayToPickerText, PICKER_DATE_FORMAT } from '../lib/dateTime.ts';
import type DayPickerInputComponent from './DayPickerInput.tsx';

export { PICKER_DATE_FORMAT } from '../lib/dateTime.ts';

// react-datepicker loads once the screen's first render is on screen rather than before it
// (useLoadedAfterPaint, issue 17): until it has, each field is a plain read-only input in the same
// boxes, showing the same text. Asked for during that render, it held back the screen's largest
// paint (the chart's caption).
let DayPickerInput: typeof DayPickerInputComponent | null = null;
const loadDayPickerInput = () =>
  import('./DayPickerInput.tsx').then((module) => {
    DayPickerInput = module.default;
  });

export interface DateRangeFilterProps {
  /** Calendar days `yyyy-MM-dd`. */
  dateFrom: string;
  dateTo: string;
  onChange: (field: 'dateFrom' | 'dateTo', day: string) => void;
  /** spec §5: no future dates (calls, analytics, payments): the latest day that can be chosen. */
  maxDay?: string;
  /** spec §5: no past dates (upcoming calls): the earliest day that can be chosen. */
  minDay?: string;
}

/**
 * Date from and Date to (spec §2 filters, §5): two labelled react-datepicker inputs in
 * MM/dd/yyyy. The two are not tied to each other on purpose: a Date from later than Date to is
 * the list's date-error state, which the list machine shows without making a request.
 */
export function DateRangeFilter({ dateFrom, dateTo, onChange, maxDay, minDay }: DateRangeFilterProps) {
  const { t } = useLingui();
  return (
    <>
      <DayPicker label={t`Date from`} name="dateFrom" day={dateFrom} onChange={(day) => onChange('dateFrom', day)} minDay={minDay} maxDay={maxDay} />
      <DayPicker label={t`Date to`} name="dateTo" day={dateTo} onChange={(day) => onChange('dateTo', day)} minDay={minDay} maxDay={maxDay} />
    </>
  );
}

export interface DayPickerProps {
  label: string;
  name: string;
  day: string;
  onChange: (day: string) => void;
  minDay?: string;
  maxDay?: string;
}

function DayPicker({ label, ...props }: DayPickerProps) {
  const id = useId();
  const [focusedEarly, setFocusedEarly] = useState(false);
  // The read-only input stays until the picker has come (or for good, if it cannot load: the filter then keeps its default days).
  const loaded = useLoadedAfterPaint(loadDayPickerInput, 'the date picker');
  const fallback = (
    // The boxes react-datepicker wraps its input in (inline blocks, full width), so the
    // field does not move when the picker replaces it; busy until it has (tests wait for that).
    <Box display="inline-block" width="100%" aria-busy="true">
      <Box position="relative" display="inline-block" width="100%">
        <Input
          id={id}
          name={props.name}
          bg="white"
          readOnly
          autoComplete="off"
          value={dayToPickerText(props.day)}
          placeholder={PICKER_DATE_FORMAT}
          onFocus={() => setFocusedEarly(true)}
          onBlur={() => setFocusedEarly(false)}
        />
      </Box>
    </Box>
  );
  return (
    // A plain label and input: react-datepicker renders the input, so Chakra's Field cannot wire them.
    <Box css={{ '& .react-datepicker-wrapper': { width: '100%' } }}>
      <chakra.label htmlFor={id} display="block" fontSize="sm" fontWeight="medium" mb="1.5">
        {label}
      </chakra.label>
      {loaded && DayPickerInput ? <DayPickerInput id={id} autoFocus={focusedEarly} {...props} /> : fallback}
    </Box>
  );
}
