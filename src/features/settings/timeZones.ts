import { formatUtcOffset } from '../../lib/dateTime.ts';

export interface TimeZoneOption {
  value: string;
  /** spec §5: an IANA name with its offset label, e.g. "(UTC+1:00) Europe/Berlin". */
  label: string;
}

let cached: TimeZoneOption[] | null = null;

/** Every IANA time zone the browser knows, with its current UTC offset (spec §5 Name and time zone). */
export function timeZoneOptions(): TimeZoneOption[] {
  if (!cached) {
    const names = Intl.supportedValuesOf('timeZone');
    if (!names.includes('UTC')) names.unshift('UTC');
    cached = names.map((value) => ({ value, label: `(${formatUtcOffset(value)}) ${value}` }));
  }
  return cached;
}

/** The options whose label contains every word of the search (underscores read as spaces), keeping the chosen one. */
export function filterTimeZones(options: TimeZoneOption[], search: string, chosen: string): TimeZoneOption[] {
  const words = search.toLowerCase().replaceAll('_', ' ').split(/\s+/).filter(Boolean);
  if (!words.length) return options;
  return options.filter((option) => {
    const label = option.label.toLowerCase().replaceAll('_', ' ');
    return option.value === chosen || words.every((word) => label.includes(word));
  });
}
