/**
 * Which URLs a webhook may be delivered to (issue 19, Webhooks, Safety). A webhook makes our
 * server send requests wherever a client points it, so without these rules any client could make
 * it reach the cloud's metadata service (169.254.169.254), the database port on the private
 * network, or an admin page on loopback (server-side request forgery).
 *
 * Two checks, because one is not enough:
 * - `checkWebhookUrl` when an endpoint is created or updated: the scheme, credentials, and a host
 *   that names a private address outright; it answers a code and a reason for the API's 400.
 * - `isPublicAddress` at send time (webhookSender.ts) on every address the host resolves to, since
 *   a public-looking name can resolve to 10.0.0.5, today or after the check (DNS rebinding).
 * In development (`allowLoopback`) both let `http://` and loopback through, so a local receiver works.
 */
import { BlockList, isIP } from 'node:net';
import type { components } from '../../../common/contract/dashboard.gen.ts';

/**
 * Ranges that are not the public internet: IANA's special-purpose registries (RFC 6890 and
 * successors). Carrier-grade NAT (100.64/10) and the documentation and benchmarking ranges are
 * included: nothing legitimate is there, and cloud networks sometimes use them internally.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard-only
  ['64:ff9b:1::', 48], // NAT64 for local use (RFC 8215): translates to private IPv4 networks
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (URL's parser does the reading of `::` and dotted tails). */
function ipv6Groups(address: string): number[] | null {
  if (!URL.canParse(`http://[${address}]/`)) return null;
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail = ''] = canonical.includes('::') ? canonical.split('::') : [canonical, ''];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  return [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups].map((group) => parseInt(group, 16));
}

/**
 * The IPv4 address an IPv6 address stands for, when it is one of the forms that reach an IPv4 host:
 * IPv4-mapped `::ffff:a.b.c.d` (a dual-stack socket connects to a.b.c.d), IPv4-compatible
 * `::a.b.c.d` (deprecated, but some stacks still route it), IPv4-translated `::ffff:0:a.b.c.d`
 * (SIIT), NAT64 `64:ff9b::a.b.c.d` (the network's translator connects to a.b.c.d) and 6to4
 * `2002:aabb:ccdd::` (relayed to a.b.c.d).
 * Judging these by their IPv4 address is what stops `[::ffff:127.0.0.1]` from reaching loopback.
 */
function embeddedIpv4(groups: readonly number[]): string | null {
  const dotted = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return dotted(groups[6]!, groups[7]!);
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return dotted(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return dotted(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return dotted(groups[1]!, groups[2]!);
  return null;
}

/**
 * Whether an address is on the public internet, so a webhook may connect to it. False for
 * private, loopback, link-local, multicast, reserved and documentation ranges, for IPv6 forms that
 * embed such an IPv4 address, for zoned IPv6 addresses (`fe80::1%eth0`), and for anything that is
 * not an IP address in its plain spelling (`010.0.0.1` and `0x7f.1` are not addresses here).
 */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !notPublic.check(address, 'ipv4');
  // A zone names an interface on this host: only link-local addresses carry one.
  if (version !== 6 || address.includes('%')) return false;
  const groups = ipv6Groups(address);
  if (groups === null) return false;
  const ipv4 = embeddedIpv4(groups);
  if (ipv4 !== null) return isPublicAddress(ipv4);
  return !notPublic.check(address, 'ipv6');
}

/** Whether an address is this machine's loopback (127.0.0.0/8, ::1, or an IPv6 form embedding 127.x). */
export function isLoopbackAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return address.split('.')[0] === '127';
  if (version !== 6 || address.includes('%')) return false;
  const groups = ipv6Groups(address);
  if (groups === null) return false;
  // ::1 first: read as IPv4-compatible it would embed 0.0.0.1.
  if (groups.every((group, index) => group === (index === 7 ? 1 : 0))) return true;
  const ipv4 = embeddedIpv4(groups);
  return ipv4 !== null && isLoopbackAddress(ipv4);
}

/**
 * Whether a webhook may connect to `address`: a public one, or in development (`allowLoopback`)
 * also this machine, where a local receiver listens. Private networks and link-local addresses
 * (cloud metadata) are never allowed, development included: a development server on a cloud host
 * is not a way into its network.
 */
export function isAllowedAddress(address: string, { allowLoopback }: { allowLoopback: boolean }): boolean {
  return isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));
}

/** Longer URLs are refused: no receiver needs one, and the delivery log shows it. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Why an address was refused, as the API's 400 names it (contract: WebhookUrlRefusal), so the dashboard can say it in the user's language. */
export type WebhookUrlRefusal = components['schemas']['WebhookUrlRefusal'];

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; code: WebhookUrlRefusal; reason: string };

const refused = (code: WebhookUrlRefusal, reason: string): WebhookUrlCheck => ({ ok: false, code, reason });

/**
 * Whether a client may point a webhook endpoint at `raw`; the URL to store is the answer's
 * `url.href` (WHATWG-normalized: `https://0x7f000001/` has become `https://127.0.0.1/` and is
 * judged as such). A refusal has a code, one per sentence (the API's `reason`), and its reason: an
 * English sentence fit for the API's `error_description` and the delivery log.
 * A host name is not resolved here: the sender checks the addresses it resolves to on every delivery.
 */
export function checkWebhookUrl(raw: string, { allowLoopback }: { allowLoopback: boolean }): WebhookUrlCheck {
  if (typeof raw !== 'string' || raw.length > MAX_WEBHOOK_URL_LENGTH) return refused('url_too_long', `The URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters long.`);
  if (!URL.canParse(raw)) return refused('url_not_absolute', 'The URL must be absolute, such as https://example.com/webhooks.');
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) {
    return allowLoopback ? refused('url_scheme_http_or_https', 'The URL must start with http:// or https://.') : refused('url_scheme_https', 'The URL must start with https://.');
  }
  // Credentials in a URL end up in logs and the delivery log; the signature authenticates us instead.
  if (url.username !== '' || url.password !== '') return refused('url_credentials', 'The URL must not contain a user name or password.');
  // A fragment is never sent, so one here is a mistake the client should see ("#" also when empty).
  if (url.href.includes('#')) return refused('url_fragment', 'The URL must not contain a fragment (#…).');
  const host = url.hostname.replace(/\.$/, '');
  if (!allowLoopback && (host === 'localhost' || host.endsWith('.localhost'))) return refused('url_localhost', 'The URL must not point to localhost.');
  const address = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(address) !== 0 && !isAllowedAddress(address, { allowLoopback })) {
    // Two codes, as the sentences differ: development lets loopback through.
    return allowLoopback
      ? refused('url_private_address', 'The URL must not point to a private or link-local address.')
      : refused('url_private_or_loopback_address', 'The URL must not point to a private, loopback or link-local address.');
  }
  return { ok: true, url };
}
