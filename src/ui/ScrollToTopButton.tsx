import { IconButton } from '@chakra-ui/react/button';
import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { afterNextPaint } from '../lib/afterNextPaint.ts';
import { SCROLL_TO_TOP_OFFSET } from './layout.ts';

// Read in the scroll event, not in getSnapshot: reading window.scrollY during React's render and
// commit forces a style and layout pass of the half-built page each time (issue 17: about 60 ms
// of a phone's main thread before the first paint). A page that opens scrolled (restored) gets a
// scroll event too; subscribing reads it once more, after the next frame has been presented: read
// at once, in the effects of the commit that mounts the shell, it was that forced layout again
// (the half-built screen's, about 50 ms under Lighthouse's 4× slower CPU).
let past = false;

function subscribe(onChange: () => void) {
  const update = () => {
    past = window.scrollY > SCROLL_TO_TOP_OFFSET;
    onChange();
  };
  const cancel = afterNextPaint(update);
  window.addEventListener('scroll', update, { passive: true });
  return () => {
    cancel();
    window.removeEventListener('scroll', update);
  };
}

const scrolledPast = () => past;

/**
 * spec §9: a scroll-to-top button, shown once the page has scrolled past 300 px. Back at the top,
 * focus goes to the main content, so keyboard users continue from there. It stays in the page
 * while hidden, so the tab order does not change under a keyboard user as the page scrolls.
 */
export function ScrollToTopButton() {
  const { t } = useLingui();
  const shown = useSyncExternalStore(subscribe, scrolledPast, () => false);
  return (
    <IconButton
      hidden={!shown}
      display={shown ? 'inline-flex' : 'none'}
      aria-label={t`Scroll to top`}
      title={t`Scroll to top`}
      position="fixed"
      bottom="6"
      right="6"
      zIndex="sticky"
      rounded="full"
      colorPalette="blue"
      onClick={() => {
        const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
        document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
    </IconButton>
  );
}
