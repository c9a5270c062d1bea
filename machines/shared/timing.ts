/** Business constants of spec §9, in milliseconds. */
export const timing = {
  /** Login waits 1 s before the token request. */
  loginDelay: 1000,
  /** The initial splash screen is hidden after 3 s. */
  splash: 3000,
  /** Verify, reset and forgot-password pages redirect after 3 s. */
  redirect: 3000,
  /** Toasts stay for 5000 ms. */
  notification: 5000,
  /** The route progress bar advances 10 every 30 ms and resets 300 ms after the route settles. */
  progressStep: 30,
  progressReset: 300,
  /** Credits are re-fetched every 10 s. */
  creditsRefresh: 10_000,
  /** spec §4 Token refresh: a refresh that got no answer is tried once more after 1 s, then the session ends. */
  refreshRetry: 1000,
  /** A sign-out the server has not answered within 10 s ends on this device anyway (with a notice). */
  signOutLimit: 10_000,
  /** The change-of-e-mail helper text shows for 5 s. */
  emailHelper: 5000,
} as const;
