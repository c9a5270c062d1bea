/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** reCAPTCHA (invisible) site key; without it the local bot check is used. */
  readonly VITE_RECAPTCHA_SITE_KEY?: string;
  /** External policy pages linked from the auth footer and the terms checkbox. */
  readonly VITE_PRIVACY_URL?: string;
  readonly VITE_LEGAL_URL?: string;
  readonly VITE_CONTACT_URL?: string;
  readonly VITE_TERMS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** PO catalogs are compiled on import by the Lingui Vite plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
