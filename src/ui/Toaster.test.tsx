// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { msg } from '@lingui/core/macro';
import { setupI18n } from '@lingui/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { system } from './system.ts';
import { Toaster } from './Toaster.tsx';
import { notify, toaster } from '../lib/toaster.ts';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

describe('notifications', () => {
  beforeAll(() => {
    // jsdom lacks these browser APIs the toast machine touches.
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  });
  afterEach(() => {
    act(() => toaster.remove());
    cleanup();
    vi.useRealTimers();
  });

  function renderToaster() {
    render(
      <ChakraProvider value={system}>
        <Toaster />
      </ChakraProvider>,
    );
  }

  it('shows a notice for 5000 ms (spec §9)', async () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => notify('success', msg`Widget saved!`, i18n));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Widget saved!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(4800));
    expect(screen.queryByText('Widget saved!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByText('Widget saved!')).toBeNull();
  });

  it('closes a notice on click', async () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => notify('error', msg`Unknown error occurred.`, i18n));
    await act(() => vi.advanceTimersByTimeAsync(100));
    fireEvent.click(screen.getByText('Unknown error occurred.'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Unknown error occurred.')).toBeNull();
  });
});
