/** The embed script's own visitor-facing texts (English, like strings.ts). */
export const embedStrings = {
  /** spec §8 shared message. */
  wrongPhone: 'Wrong phone number format.',
  chooseTime: 'Please choose a time.',
  failed: 'Something went wrong. Please try again.',
  sending: 'Sending…',
};
