/** A host label: letters, digits and inner hyphens, 1 to 63 characters (RFC 1035, RFC 1123). */
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** A top-level domain: letters only, or an internationalized one in punycode (xn--…). */
const TOP_LEVEL = /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//;

/**
 * The host name a client means by what they typed in the wizard's website field (spec §5
 * Widget general: "URL or domain"): trimmed and lowercased, without scheme, credentials, port,
 * path, query, fragment or trailing dot; an international name becomes its punycode form.
 * `www.` is kept as typed: www.example.com and example.com can be different sites.
 * Answers null when what is left is not a host name with a top-level domain (an IP address,
 * `localhost` and names with spaces are not).
 */
export function normalizeDomain(input: string): string | null {
  const typed = input.trim().toLowerCase();
  if (typed === '' || typed.length > 2048) return null;
  const withScheme = SCHEME.test(typed) ? typed : `http://${typed}`;
  let hostname: string;
  try {
    hostname = new URL(withScheme).hostname;
  } catch {
    return null;
  }
  const host = hostname.replace(/\.$/, '');
  return isHostName(host) ? host : null;
}

/** True for a lowercased DNS name of at least two labels whose last label is a real-looking TLD. */
export function isHostName(host: string): boolean {
  if (host.length < 4 || host.length > 253) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => LABEL.test(label)) && TOP_LEVEL.test(labels.at(-1)!);
}
