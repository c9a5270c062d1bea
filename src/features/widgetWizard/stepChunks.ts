type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** A module asked for once and remembered (until it fails to load), as a promise React's `use` reads at once when it has come. */
function chunk<T>(load: () => Promise<T>): () => Promise<T> {
  let started: Tracked<T> | undefined;
  return () => {
    if (!started) {
      const promise: Tracked<T> = load();
      promise.status = 'pending';
      promise.then(
        (value) => Object.assign(promise, { status: 'fulfilled', value }),
        (reason: unknown) => {
          Object.assign(promise, { status: 'rejected', reason });
          // A failed download (a dropped connection, a deploy that replaced the chunk) is asked for again next time.
          if (started === promise) started = undefined;
        },
      );
      started = promise;
    }
    return started;
  };
}

// Each step's form comes in its own chunk: the phone input and the availability editor of General
// are not loaded for Design or Code (issue 8: screen chunks ≤ 100 kB gzip). The step's route asks
// for it in its loader, and the server preloads it with the route (common/contract/pageGraph.ts):
// by the wizard's first render it has come, and `use` reads it at once. React.lazy would still
// suspend that render once, painting the spinner and then moving the wizard's buttons down when
// the form came (issue 17: a layout shift on a phone). A module of its own: the route files' loaders
// are part of the route tree, in the app's core, which must not take in the wizard.
export const loadGeneralStep = chunk(() => import('./general/GeneralStep.tsx'));
export const loadDesignStep = chunk(() => import('./design/DesignStep.tsx'));
