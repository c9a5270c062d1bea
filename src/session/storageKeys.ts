/** Local storage keys of the SPA. */
export const storageKeys = {
  /** spec §4: auth state (user, tokens) is persisted locally. */
  session: 'dashboard.session',
  /** spec §4: metadata (widget types, layouts, calling rules, credit packs…) is persisted locally. */
  metadata: 'dashboard.metadata',
  /** spec §2 Shell: the language choice is saved locally. */
  language: 'dashboard.language',
} as const;
