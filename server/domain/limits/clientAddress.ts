import { isIPv4, isIPv6 } from 'node:net';

/**
 * An IP address in one spelling, so that a listed address matches the address a request comes
 * from however either was written: IPv6 compressed and lower-case, an IPv4-mapped IPv6 address
 * (how a dual-stack socket reports an IPv4 client) as plain IPv4. Null when it is not an address.
 */
export function canonicalAddress(input: string): string | null {
  const address = input.trim();
  if (isIPv4(address)) return address;
  if (!isIPv6(address) || address.includes('%')) return null;
  const compressed = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(compressed);
  if (!mapped) return compressed;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * The key every per-address limit counts a client under (review of issue 15): an IPv4 address as
 * it is (an IPv4-mapped IPv6 address as that IPv4 address), an IPv6 address as its /64 network,
 * written `2001:db8:1:2::/64`. One subscriber usually holds a whole /64, so keying on the full
 * address would give them 2^64 fresh limits. Anything that is not an address is kept as given.
 */
export function addressLimitKey(input: string): string {
  const address = canonicalAddress(input);
  if (address === null) return input;
  if (isIPv4(address)) return address;
  const [head = '', tail = ''] = address.includes('::') ? address.split('::') : [address, ''];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  const network = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${new URL(`http://[${network.join(':')}::]/`).hostname.slice(1, -1)}/64`;
}
