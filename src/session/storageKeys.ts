/** Local storage keys of the SPA. */
export const storageKeys = {
  /** spec §4: auth state (user, tokens) is persisted locally. */
  session: 'dashboard.session',
  /** spec §2 Shell: the language choice is saved locally. */
  language: 'dashboard.language',
} as const;
