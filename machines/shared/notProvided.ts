/**
 * Body of an actor or action that `src/` provides with `machine.provide(...)`. Machines declare
 * every side effect by name; running one without its implementation is a wiring mistake.
 */
export function notProvided(): Promise<never> {
  return Promise.reject(new Error('This actor is implemented in src/ and must be provided with machine.provide()'));
}
