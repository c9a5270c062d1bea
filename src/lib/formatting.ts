import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** spec §9 Display: geolocation as "country, region, city", leaving out what is unknown. */
export function geolocationLabel(geolocation: { country: string | null; region: string | null; city: string | null } | null | undefined): string {
  if (!geolocation) return '';
  return [geolocation.country, geolocation.region, geolocation.city].filter((part) => part && part.trim()).join(', ');
}

/** spec §2 Upcoming Calls: an empty custom field shows as a slash. */
export function orSlash(value: string | null | undefined): string {
  return value && value.trim() ? value : '/';
}

/** A price in cents as dollars: whole amounts without decimals ("20"), others with two ("212.50"). */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** spec §3 Credit pack label: "{credits} for ${price}" (price in the contract's cents). */
export function creditPackLabel(pack: { credits: number; price: number }): MessageDescriptor {
  const credits = pack.credits;
  const price = formatPrice(pack.price);
  return msg`${credits} for $${price}`;
}
