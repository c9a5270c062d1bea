import { Input } from '@chakra-ui/react/input';
import { useLingui } from '@lingui/react/macro';
import type { Locale } from 'date-fns';
import { useEffect, useState } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { dayToPickerDate, PICKER_DATE_FORMAT, pickerDateToDay } from '../lib/dateTime.ts';
import type { DayPickerProps } from './DateRangeFilter.tsx';

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

/**
 * The react-datepicker input of a DayPicker (DateRangeFilter.tsx), in its own chunk: a list
 * screen renders its rows without waiting for the date picker library (issue 17).
 */
export default function DayPickerInput({ id, name, day, onChange, minDay, maxDay, autoFocus }: Omit<DayPickerProps, 'label'> & { id: string; autoFocus: boolean }) {
  const { t, i18n } = useLingui();
  const locale = useCalendarLocale(i18n.locale);
  return (
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
      // Focused before this chunk had loaded: the calendar opens where the reader is.
      autoFocus={autoFocus}
    />
  );
}
