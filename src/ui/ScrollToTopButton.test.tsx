// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTopButton } from './ScrollToTopButton.tsx';
import { system } from './system.ts';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('ScrollToTopButton (spec §9: scroll-to-top offset 300)', () => {
  afterEach(cleanup);

  it('shows past 300 px of scroll and takes the page and the focus back to the top', () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as never;
    window.scrollTo = vi.fn() as never;
    render(
      <I18nProvider i18n={i18n}>
        <ChakraProvider value={system}>
          <main tabIndex={-1}>content</main>
          <ScrollToTopButton />
        </ChakraProvider>
      </I18nProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    scrollTo(300);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    scrollTo(301);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(document.activeElement?.tagName).toBe('MAIN');
    scrollTo(0);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
  });
});
