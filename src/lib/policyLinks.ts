/**
 * External policy pages (spec §2: Privacy, Legal and Contact open in a new tab). Configure them
 * per deployment with VITE_PRIVACY_URL, VITE_LEGAL_URL, VITE_CONTACT_URL and VITE_TERMS_URL; the
 * defaults are placeholders on a reserved domain.
 */
export const policyLinks = {
  privacy: import.meta.env.VITE_PRIVACY_URL ?? 'https://example.com/privacy',
  legal: import.meta.env.VITE_LEGAL_URL ?? 'https://example.com/legal',
  contact: import.meta.env.VITE_CONTACT_URL ?? 'https://example.com/contact',
  terms: import.meta.env.VITE_TERMS_URL ?? 'https://example.com/terms',
};
