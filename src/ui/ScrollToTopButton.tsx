import { IconButton } from '@chakra-ui/react/button';
import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { SCROLL_TO_TOP_OFFSET } from './layout.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

const scrolledPast = () => window.scrollY > SCROLL_TO_TOP_OFFSET;

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
