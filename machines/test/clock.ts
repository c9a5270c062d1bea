/**
 * Lets settled promises of fake actors run their callbacks without moving the (fake) clock.
 * `vi.waitFor` advances fake timers on every check, so timing tests use this instead.
 */
export async function flushPromises(rounds = 20) {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
