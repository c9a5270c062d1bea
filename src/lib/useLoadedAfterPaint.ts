import { useEffect, useState } from 'react';
import { afterNextPaint } from './afterNextPaint.ts';

/**
 * Whether `load` has resolved, asked for once the commit that first renders the caller is on
 * screen (afterNextPaint; its effects run before that paint): false until it has, or for good if
 * it cannot load (logged as `what`). `load` keeps what it loaded in a module-level binding (a
 * component type React sees as one, declared outside render). For the heavy parts of a field (react-datepicker, about
 * 35 kB gzip with Floating UI and its stylesheet) that a screen's first paint need not wait for
 * (issue 17): asked for during that render, their download and run fell inside it and held back
 * the screen's largest paint. Not React.lazy in a transition: a transition waiting for a chunk
 * holds every other transition back (a screen's deferred rows among them) until it has come.
 * `load` must be stable (a module-level function).
 */
export function useLoadedAfterPaint(load: () => Promise<unknown>, what: string): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let mounted = true;
    const cancel = afterNextPaint(() =>
      load().then(
        () => mounted && setLoaded(true),
        (error: unknown) => console.error(`Could not load ${what}`, error),
      ),
    );
    return () => {
      mounted = false;
      cancel();
    };
  }, [load, what]);
  return loaded;
}
