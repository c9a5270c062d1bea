import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type CountryCode, isSupportedCountry, type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { PHONE_PATTERN, stripVisitorNumber } from '../../../common/rules/phone.ts';
import { SIMULATOR_TEST_AGENTS, SIMULATOR_TEST_NUMBERS } from '../../adapters/telephony/callSimulator.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { invalidInput } from '../domainError.ts';
import { CallRequestError } from './callRequestError.ts';

// Issue 15, finding 2: the phone pattern let premium-rate (+1 900, +44 909), satellite (+882)
// and far-away (+239) numbers through, and with Twilio every one of them costs the client. The
// full parse needs libphonenumber-js's "max" metadata (number types, ~150 kB): server only; the
// widget keeps the light pattern check of common/rules/phone.ts.

/**
 * The number types calls go to: lines a person answers. Toll-free is allowed too: calling it
 * costs no more than a landline (the callee pays), and a visitor may well give an office's
 * free number. Everything else (premium rate, shared cost, VoIP, personal numbers, pagers, UAN,
 * voicemail, and numbers whose type the metadata does not know) is refused.
 */
const ALLOWED_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['FIXED_LINE', 'MOBILE', 'FIXED_LINE_OR_MOBILE', 'TOLL_FREE']);

/** When an account's own country cannot be read from its phone number (spec §1: the phone field defaults to the US). */
export const FALLBACK_COUNTRY: CountryCode = 'US';

export const INVALID_NUMBER_MESSAGE = 'Wrong phone number format.';
export const NUMBER_NOT_ALLOWED_MESSAGE = 'Calls to this kind of number are not available. Please enter a landline or mobile number.';
export const COUNTRY_NOT_ALLOWED_MESSAGE = 'Calls to numbers in this country are not available. Please enter a number in another country.';

/** Where an account lets calls go: the countries, and the one a number without a + is read in. */
export interface CallDestinations {
  homeCountry: CountryCode;
  countries: readonly CountryCode[];
  /** The local call simulator's fixed-outcome test numbers (+1 500 555 000x, "personal numbers") ring nobody: allowed with it. */
  allowSimulatorNumbers?: boolean;
}

/**
 * An account's own country: the country of its phone number (required at sign-up, entered with
 * a country picker), else FALLBACK_COUNTRY. Chosen over the time zone, which names no country
 * for UTC or Etc/… zones and spans several countries for others.
 */
export function homeCountryOf(accountPhone: string): CountryCode {
  let country = homeCountries.get(accountPhone);
  if (country === undefined) {
    country = parsePhoneNumberFromString(accountPhone)?.country ?? FALLBACK_COUNTRY;
    homeCountries.set(accountPhone, country);
  }
  return country;
}

/** What a valid number is, as libphonenumber-js's "max" metadata reads it. */
interface NumberFacts {
  /** E.164. */
  number: string;
  country: CountryCode | undefined;
  type: NumberType | undefined;
}

// Parses remembered (issue 17): a Call now reads the visitor's number and its agents' several
// times (its form, its destination, the block list, before each dial), and each parse with the
// "max" metadata took about 0.3 ms, a quarter of the request's own work. Bounded: the keys are
// what visitors type. The facts are never changed once made.
const parses = new LRUCache<string, NumberFacts | false>({ max: 10_000 });
const homeCountries = new LRUCache<string, CountryCode>({ max: 10_000 });

/** A typed number (spaces and punctuation dropped) read in `homeCountry` when it has no +: its facts, or null when it is not a valid number. */
function numberFacts(typed: string, homeCountry: CountryCode): NumberFacts | null {
  const key = `${homeCountry} ${typed}`;
  let facts = parses.get(key);
  if (facts === undefined) {
    const parsed = PHONE_PATTERN.test(typed) ? parsePhoneNumberFromString(typed, homeCountry) : undefined;
    facts = parsed?.isValid() ? { number: parsed.number, country: parsed.country, type: parsed.getType() } : false;
    parses.set(key, facts);
  }
  return facts || null;
}

/** An account's call destinations: its chosen countries (Settings), or its own country until it chose. */
export function callDestinationsOf(account: { accountPhone: string; callCountries: readonly string[] | null }): CallDestinations {
  const homeCountry = homeCountryOf(account.accountPhone);
  const chosen = (account.callCountries ?? []).filter((code): code is CountryCode => isSupportedCountry(code));
  return { homeCountry, countries: account.callCountries === null || chosen.length === 0 ? [homeCountry] : chosen };
}

export async function readCallDestinations(db: Database, userId: number): Promise<CallDestinations> {
  const [row] = await db.select({ accountPhone: users.phone, callCountries: users.callCountries }).from(users).where(eq(users.id, userId));
  return callDestinationsOf(row ?? { accountPhone: '', callCountries: null });
}

/** The contract's CallDestinations: the countries in alphabetical order and the account's own. */
export function callDestinationsView(destinations: CallDestinations): { countries: string[]; homeCountry: string } {
  return { countries: [...destinations.countries].sort(), homeCountry: destinations.homeCountry };
}

/**
 * Settings, Call destinations: replaces the countries the account calls (repeats count once).
 * Every code must name a country libphonenumber-js knows numbers of; throws invalid_request
 * otherwise. The contract caps the list at 250 (there are fewer countries with numbers).
 */
export async function setCallCountries(db: Database, userId: number, codes: readonly string[]): Promise<CallDestinations> {
  const unknown = codes.find((code) => !isSupportedCountry(code));
  if (unknown !== undefined) throw invalidInput(`Field countries: Unknown country ${unknown}.`);
  if (codes.length === 0) throw invalidInput('Field countries: Choose at least one country.');
  const countries = [...new Set(codes)].sort();
  await db.update(users).set({ callCountries: countries }).where(eq(users.id, userId));
  return readCallDestinations(db, userId);
}

/**
 * A visitor's number in the one form calls, limits, the duplicate window and the block list
 * compare (finding 10: `+1…` and `1…` were counted apart): E.164. The pattern check comes
 * first (the widget's own); a number without a + is read in `homeCountry` (a national prefix
 * such as the US "1" or the UK "0" is understood). Throws invalid_number for anything that is
 * not a valid number.
 */
export function normalizeNumber(raw: string, homeCountry: CountryCode = FALLBACK_COUNTRY): string {
  const facts = numberFacts(stripVisitorNumber(raw), homeCountry);
  if (!facts) throw new CallRequestError('invalid_number', INVALID_NUMBER_MESSAGE);
  return facts.number;
}

/** The widget's own light check (the pattern), before the account is known. Throws invalid_number. */
export function checkNumberFormat(raw: string): void {
  if (!PHONE_PATTERN.test(stripVisitorNumber(raw))) throw new CallRequestError('invalid_number', INVALID_NUMBER_MESSAGE);
}

/**
 * The number a call may go to, in E.164, or a CallRequestError: invalid_number,
 * number_not_allowed (a type outside ALLOWED_TYPES, or a number of no country: satellite and
 * other global services), country_not_allowed (outside the account's countries).
 */
export function callableNumber(raw: string, destinations: CallDestinations): string {
  const number = normalizeNumber(raw, destinations.homeCountry);
  if (destinations.allowSimulatorNumbers && number in SIMULATOR_TEST_NUMBERS) return number;
  // The facts numberTypeAllowed just read (the same entry: an E.164 number with its default country).
  const country = numberTypeAllowed(number) ? numberFacts(number, FALLBACK_COUNTRY)?.country : undefined;
  if (country === undefined) throw new CallRequestError('number_not_allowed', NUMBER_NOT_ALLOWED_MESSAGE);
  if (!destinations.countries.includes(country)) throw new CallRequestError('country_not_allowed', COUNTRY_NOT_ALLOWED_MESSAGE);
  return number;
}

/**
 * The one rule of which numbers the platform pays to ring (issue 15 findings 2 and its review):
 * a valid number of a country whose type is in ALLOWED_TYPES — a line a person answers. Read in
 * `homeCountry` when it has no +. Visitors' numbers (callableNumber, which adds the account's
 * country list) and agents' and widgets' numbers (agents/phone.ts when saved, callPlacement.ts
 * before dialling; agents may be in any country) all pass here. With `allowSimulatorNumbers`
 * the local call simulator's test numbers pass too.
 */
export function numberTypeAllowed(raw: string, homeCountry: CountryCode = FALLBACK_COUNTRY, options: { allowSimulatorNumbers?: boolean } = {}): boolean {
  const facts = numberFacts(stripVisitorNumber(raw), homeCountry);
  if (!facts) return false;
  if (options.allowSimulatorNumbers && (facts.number in SIMULATOR_TEST_NUMBERS || facts.number in SIMULATOR_TEST_AGENTS)) return true;
  return facts.country !== undefined && facts.type !== undefined && ALLOWED_TYPES.has(facts.type);
}

/** Whether calls may go to this number (callableNumber without the reason). */
export function isCallable(raw: string, destinations: CallDestinations): boolean {
  try {
    callableNumber(raw, destinations);
    return true;
  } catch (error) {
    if (error instanceof CallRequestError) return false;
    throw error;
  }
}
