import { useEffect, useState } from 'react';
import { afterNextPaint } from './afterNextPaint.ts';

/**
 * What `load` resolves to, asked for once the commit that first renders the caller is on screen
 * (afterNextPaint; its effects run before that paint), and null until it has come, or for good
 * if it cannot load (logged as `what`). For the heavy parts of a field (react-datepicker, about
 * 35 kB gzip with Floating UI and its stylesheet) that a screen's first paint need not wait for
 * (issue 17): asked for during that render, their download and run fell inside it and held back
 * the screen's largest paint. Not React.lazy in a transition: a transition waiting for a chunk
 * holds every other transition back (a screen's deferred rows among them) until it has come.
 * `load` must be stable (a module-level function).
 */
export function useLoadedAfterPaint<T>(load: () => Promise<T>, what: string): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    let mounted = true;
    const cancel = afterNextPaint(() =>
      load().then(
        (value) => mounted && setLoaded({ value }),
        (error: unknown) => console.error(`Could not load ${what}`, error),
      ),
    );
    return () => {
      mounted = false;
      cancel();
    };
  }, [load, what]);
  return loaded?.value ?? null;
}
