import { useEffect, useRef } from 'react';

/**
 * Keeps the keyboard user's place on a button that spins while its request runs. Chakra disables
 * a loading button, and the browser then drops focus to the page; once the button is enabled
 * again, focus goes back to it, unless the user has moved on meanwhile. Answers the button's ref
 * and what its onClick calls first (Enter and Space click too).
 */
export function useFocusBack<TElement extends HTMLElement>(loading: boolean) {
  const ref = useRef<TElement>(null);
  const wasPressed = useRef(false);
  useEffect(() => {
    if (loading || !wasPressed.current) return;
    wasPressed.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body) ref.current?.focus();
  }, [loading]);
  const pressed = () => {
    wasPressed.current = true;
  };
  return [ref, pressed] as const;
}

/**
 * The heading of a form that a one-time secret box replaces: once the box is put away (`shown`
 * turns null), focus goes to that heading, not the page. Answers the heading's ref.
 */
export function useFocusWhenPutAway<TElement extends HTMLElement>(shown: unknown) {
  const heading = useRef<TElement>(null);
  const wasShown = useRef(false);
  useEffect(() => {
    if (wasShown.current && shown === null) heading.current?.focus();
    wasShown.current = shown !== null;
  }, [shown]);
  return heading;
}
