/**
 * Display rules per widget (issue 20): on which pages, for which visitors and after how much
 * reading a widget shows. Stored in the widget's settings as `settings.settings.displayRules`;
 * the server and the dashboard validate with `displayRulesProblems`, the embed script evaluates
 * with `hiddenByPage` and `waitsFor`. Pure and dependency-free: the widget script imports it and
 * has a 12 kB gzip budget.
 */

export type VisitorsRule = 'all' | 'new' | 'returning';

export interface DisplayRules {
  /** Page patterns (see `pagePatternMatches`); empty = every page. */
  includePages: string[];
  /** Page patterns; a page matching one never shows the widget, even if it is included. */
  excludePages: string[];
  /** UTM sources (case-insensitive); empty = any source, or none. */
  utmSources: string[];
  minScrollPercent: number | null;
  minSecondsOnPage: number | null;
  visitors: VisitorsRule;
}

/**
 * Today's behaviour: every page, every visitor, at once. A widget saved without rules reads as this.
 * Frozen (lists too) because it is shared: take a fresh copy to edit with `readDisplayRules(null)`.
 */
const frozenList = () => /* @__PURE__ */ Object.freeze([]) as unknown as string[];
// Pure, so the widget script, which never reads it, does not carry it.
export const DEFAULT_DISPLAY_RULES: DisplayRules = /* @__PURE__ */ Object.freeze({
  includePages: frozenList(),
  excludePages: frozenList(),
  utmSources: frozenList(),
  minScrollPercent: null,
  minSecondsOnPage: null,
  visitors: 'all',
});

/** The contract's limits (openapi/dashboard.yaml `DisplayRules`), the same on both sides. */
export const DISPLAY_RULE_LIMITS = {
  patterns: 20,
  patternLength: 200,
  utmSources: 20,
  utmSourceLength: 100,
  scrollPercent: { min: 1, max: 100 },
  seconds: { min: 1, max: 3600 },
} as const;

export const VISITORS_RULES: readonly VisitorsRule[] = ['all', 'new', 'returning'];

/**
 * A widget's rules with every field present: a widget saved before issue 20 (no `displayRules`)
 * or with some fields missing behaves as today for what is missing. Hands out fresh arrays.
 */
export function readDisplayRules(stored: Partial<DisplayRules> | null | undefined): DisplayRules {
  const rules = stored ?? {};
  return {
    includePages: [...(rules.includePages ?? [])],
    excludePages: [...(rules.excludePages ?? [])],
    utmSources: [...(rules.utmSources ?? [])],
    minScrollPercent: rules.minScrollPercent ?? null,
    minSecondsOnPage: rules.minSecondsOnPage ?? null,
    visitors: rules.visitors ?? 'all',
  };
}

const noTrailingSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/**
 * Whether `text` matches `glob`, where `*` stands for any run of characters (none included),
 * anchored at both ends. Not a RegExp built from the pattern, nor backtracking: the text between
 * the stars must open and close the text, and each run in between is found at its first place
 * after the previous one (the leftmost place never loses a match), so the cost stays about the
 * text's length per pattern whatever the client writes (`*a*a*a*…`) and however long the page's
 * address is (a two-pointer matcher with backtracking took seconds on a 100 kB address).
 */
function globMatches(glob: string, text: string): boolean {
  const runs = glob.split('*');
  const first = runs[0]!;
  const last = runs[runs.length - 1]!;
  if (runs.length === 1) return glob === text;
  if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  const end = text.length - last.length;
  let at = first.length;
  for (const run of runs.slice(1, -1)) {
    const found = text.indexOf(run, at);
    if (found < 0 || found + run.length > end) return false;
    at = found + run.length;
  }
  return true;
}

/**
 * Whether a page pattern matches a page's path and query (`/pricing?plan=pro`; a `#fragment` is
 * ignored). `*` is a wildcard for any run of characters; the match is anchored at both ends and
 * case-sensitive. A pattern without `?` is matched against the path only, so `/pricing` matches
 * `/pricing?utm_source=x`; a pattern with `?` is matched against path and query. A trailing slash
 * on the path is not significant (`/pricing` matches `/pricing/` and the other way round), since
 * sites serve both. Letters outside ASCII match as typed or percent-encoded.
 */
export function pagePatternMatches(pattern: string, pathAndQuery: string): boolean {
  // The browser gives the address percent-encoded (`/%C3%BCber`), the client types `/über`: both
  // are tried. decodeURI leaves `%2F`, `%3F`, `%23`… encoded, so path, query and fragment stay apart.
  return addressMatches(pattern, pathAndQuery) || (pathAndQuery.includes('%') && addressMatches(pattern, decoded(pathAndQuery)));
}

function decoded(address: string): string {
  try {
    return decodeURI(address);
  } catch {
    return address; // a malformed escape: as it is
  }
}

function addressMatches(pattern: string, pathAndQuery: string): boolean {
  const page = pathAndQuery.split('#')[0]!;
  const queryAt = page.indexOf('?');
  const path = queryAt < 0 ? page : page.slice(0, queryAt);
  const patternQueryAt = pattern.indexOf('?');
  const patternPath = patternQueryAt < 0 ? pattern : pattern.slice(0, patternQueryAt);
  // Without `?` in the pattern the query is left out on both sides.
  const query = patternQueryAt < 0 || queryAt < 0 ? '' : page.slice(queryAt);
  const patternQuery = patternQueryAt < 0 ? '' : pattern.slice(patternQueryAt);
  // As written first (`/blog/*` matches `/blog/`), then both without a trailing slash.
  return globMatches(patternPath + patternQuery, path + query) || globMatches(noTrailingSlash(patternPath) + patternQuery, noTrailingSlash(path) + query);
}

export type DisplayRuleField = 'includePages' | 'excludePages' | 'utmSources' | 'minScrollPercent' | 'minSecondsOnPage' | 'visitors';

/**
 * One thing wrong with a widget's rules: `index` names the entry of a list. `too_many` (a list
 * over its limit), `too_long` (an entry), `empty` (a blank entry), `not_a_path` (a page pattern
 * that starts with neither `/` nor `*`), `out_of_range`, `not_whole` (a number with a fraction),
 * `invalid` (not the right type at all).
 */
export type DisplayRuleProblem = {
  field: DisplayRuleField;
  index?: number;
  code: 'too_many' | 'too_long' | 'empty' | 'not_a_path' | 'out_of_range' | 'not_whole' | 'invalid';
};

type RulesInput = { [K in keyof DisplayRules]?: unknown } | null | undefined;

function listProblems(field: DisplayRuleField, value: unknown, maxItems: number, maxLength: number, isPattern: boolean): DisplayRuleProblem[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return [{ field, code: 'invalid' }];
  const problems: DisplayRuleProblem[] = value.length > maxItems ? [{ field, code: 'too_many' }] : [];
  value.forEach((entry: unknown, index) => {
    if (typeof entry !== 'string') problems.push({ field, index, code: 'invalid' });
    else if (entry.trim() === '') problems.push({ field, index, code: 'empty' });
    else if (entry.length > maxLength) problems.push({ field, index, code: 'too_long' });
    else if (isPattern && entry[0] !== '/' && entry[0] !== '*') problems.push({ field, index, code: 'not_a_path' });
  });
  return problems;
}

function numberProblems(field: DisplayRuleField, value: unknown, range: { min: number; max: number }): DisplayRuleProblem[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'number' || !Number.isFinite(value)) return [{ field, code: 'invalid' }];
  if (!Number.isInteger(value)) return [{ field, code: 'not_whole' }];
  return value < range.min || value > range.max ? [{ field, code: 'out_of_range' }] : [];
}

/**
 * Everything wrong with a widget's display rules, in field order; empty when they may be saved.
 * The one validation of the server (400) and the dashboard's form; a missing field is the default.
 */
export function displayRulesProblems(rules: RulesInput): DisplayRuleProblem[] {
  if (rules === undefined || rules === null) return [];
  if (typeof rules !== 'object' || Array.isArray(rules)) return [{ field: 'visitors', code: 'invalid' }];
  const limits = DISPLAY_RULE_LIMITS;
  return [
    ...listProblems('includePages', rules.includePages, limits.patterns, limits.patternLength, true),
    ...listProblems('excludePages', rules.excludePages, limits.patterns, limits.patternLength, true),
    ...listProblems('utmSources', rules.utmSources, limits.utmSources, limits.utmSourceLength, false),
    ...numberProblems('minScrollPercent', rules.minScrollPercent, limits.scrollPercent),
    ...numberProblems('minSecondsOnPage', rules.minSecondsOnPage, limits.seconds),
    ...(rules.visitors === undefined || VISITORS_RULES.includes(rules.visitors as VisitorsRule) ? [] : [{ field: 'visitors' as const, code: 'invalid' as const }]),
  ];
}

/** What the widget knows of the page it is on and of the visitor. */
export type PageContext = {
  /** The page's path and query, `/pricing?plan=pro`. */
  pathAndQuery: string;
  /** The UTM source that applies to this visit (this visit's, else the first-touch one), or null. */
  utmSource: string | null;
  /** Whether the visitor was first seen on an earlier visit. */
  returning: boolean;
};

/**
 * Which rule hides the widget on this page whatever the visitor does, or null when it may show
 * (after `waitsFor`). Checked in this order, so the answer names the first rule that hides it:
 * an excluded page (exclude wins over include), a page not included (an empty list includes every
 * page), a UTM source not listed (compared case-insensitively; an empty list accepts any source or
 * none), the visitor not new / not returning.
 */
export function hiddenByPage(rules: DisplayRules, ctx: PageContext): 'excludePages' | 'includePages' | 'utmSources' | 'visitors' | null {
  const matches = (pattern: string) => pagePatternMatches(pattern.trim(), ctx.pathAndQuery);
  if (rules.excludePages.some(matches)) return 'excludePages';
  if (rules.includePages.length > 0 && !rules.includePages.some(matches)) return 'includePages';
  if (rules.utmSources.length > 0) {
    const source = ctx.utmSource?.trim().toLowerCase();
    if (!source || !rules.utmSources.some((listed) => listed.trim().toLowerCase() === source)) return 'utmSources';
  }
  if ((rules.visitors === 'new' && ctx.returning) || (rules.visitors === 'returning' && !ctx.returning)) return 'visitors';
  return null;
}

/** What the widget waits for before it may show on a page it is not hidden on (null: nothing). */
export function waitsFor(rules: DisplayRules): { scrollPercent: number | null; seconds: number | null } {
  return { scrollPercent: rules.minScrollPercent ?? null, seconds: rules.minSecondsOnPage ?? null };
}
