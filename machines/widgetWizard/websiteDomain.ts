/**
 * The host name the server makes of what a client typed in the wizard's website field (the
 * contract's WebsiteInput; server/domain/websites/domainName.ts is the rule, mirrored here so
 * the wizard can tell whether the website already exists before creating it, spec §4 "If the
 * website domain does not exist it is created first"). Trimmed and lowercased, without scheme,
 * credentials, port, path, query, fragment or trailing dot; `www.` is kept. Null when no host
 * name with a top-level domain is left (spec §5 Widget general: "URL or domain").
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

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//;

function isHostName(host: string): boolean {
  if (host.length < 4 || host.length > 253) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => LABEL.test(label)) && TOP_LEVEL.test(labels.at(-1)!);
}
