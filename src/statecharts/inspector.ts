import type { InspectionEvent } from 'xstate';

/**
 * `npm run dev` with `?inspect` in the URL: every actor the app creates reports to the Stately
 * inspector (@statelyai/inspect opens stately.ai/inspect in a popup; allow popups for the dev
 * server). Screens get it through `useInspectedActorRef`; the root actors pass it to createActor.
 * It is undefined otherwise.
 *
 * Development only: a production build replaces `import.meta.env.DEV` with false, so this branch
 * and its dynamic import are dropped and @statelyai/inspect is not bundled. The inspector loads
 * lazily; events from before it is ready are replayed to it.
 */
function createInspect(): ((event: InspectionEvent) => void) | undefined {
  if (!import.meta.env.DEV || typeof location === 'undefined' || !new URLSearchParams(location.search).has('inspect')) {
    return undefined;
  }
  const pending: InspectionEvent[] = [];
  let report: (event: InspectionEvent) => void = (event) => pending.push(event);
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const { inspect } = createBrowserInspector();
    report = (event) => inspect.next?.(event);
    pending.splice(0).forEach(report);
  });
  return (event) => report(event);
}

export const inspect = createInspect();
