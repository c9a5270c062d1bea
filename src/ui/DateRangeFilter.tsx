import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { Input } from '@chakra-ui/react/input';
import { useLingui } from '@lingui/react/macro';
import type { Locale } from 'date-fns';
import { useEffect, useId, useState } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { dayToPickerDate, pickerDateToDay } from '../lib/dateTime.ts';

// The calendar's month and weekday names follow the app's language (spec §2 Shell languages);
// each language's names load only when it is chosen.
const calendarLocales: Record<string, () => Promise<Locale>> = {
  de: () => import('date-fns/locale/de').then((module) => module.de),
  es: () => import('date-fns/locale/es').then((module) => module.es),
  fr: () => import('date-fns/locale/fr').then((module) => module.fr),
  ja: () => import('date-fns/locale/ja').then((module) => module.ja),
  zh: () => import('date-fns/locale/zh-CN').then((module) => module.zhCN),
};
const registered = new Set<string>();

/** The registered calendar locale for the app's language, or undefined (English) until it has loaded. */
function useCalendarLocale(language: string): string | undefined {
  const [ready, setReady] = useState(() => registered.has(language));
  useEffect(() => {
    const load = calendarLocales[language];
    if (!load || registered.has(language)) return;
    let current = true;
    load()
      .then((locale) => {
        registerLocale(language, locale);
        registered.add(language);
        if (current) setReady(true);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [language]);
  return ready && registered.has(language) ? language : undefined;
}

/** spec §5 Filters: pickers show MM/dd/yyyy. */
export const PICKER_DATE_FORMAT = 'MM/dd/yyyy';

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

function DayPicker({
  label,
  name,
  day,
  onChange,
  minDay,
  maxDay,
}: {
  label: string;
  name: string;
  day: string;
  onChange: (day: string) => void;
  minDay?: string;
  maxDay?: string;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const locale = useCalendarLocale(i18n.locale);
  return (
    // A plain label and input: react-datepicker renders the input, so Chakra's Field cannot wire them.
    <Box css={{ '& .react-datepicker-wrapper': { width: '100%' } }}>
      <chakra.label htmlFor={id} display="block" fontSize="sm" fontWeight="medium" mb="1.5">
        {label}
      </chakra.label>
      <DatePicker
        id={id}
        name={name}
        selected={dayToPickerDate(day)}
        // Typing can clear the field for a moment; a range always has both ends, so ignore that.
        onChange={(date: Date | null) => {
          if (date) onChange(pickerDateToDay(date));
        }}
        dateFormat={PICKER_DATE_FORMAT}
        placeholderText={PICKER_DATE_FORMAT}
        minDate={minDay ? dayToPickerDate(minDay) : undefined}
        maxDate={maxDay ? dayToPickerDate(maxDay) : undefined}
        locale={locale}
        autoComplete="off"
        strictParsing
        previousMonthAriaLabel={t`Previous month`}
        nextMonthAriaLabel={t`Next month`}
        previousMonthButtonLabel={t`Previous month`}
        nextMonthButtonLabel={t`Next month`}
        chooseDayAriaLabelPrefix={t`Choose`}
        disabledDayAriaLabelPrefix={t`Not available`}
        popperPlacement="bottom-start"
        customInput={<Input bg="white" />}
      />
    </Box>
  );
}
