// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageTestMessages } from '../../../../machines/widgetWizard/widgetWizard.pageTest.ts';
import { system } from '../../../ui/system.ts';
import { PageAddressTest } from './PageAddressTest.tsx';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

function ui(props: Parameters<typeof PageAddressTest>[0]) {
  return (
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <PageAddressTest {...props} />
      </ChakraProvider>
    </I18nProvider>
  );
}

describe('PageAddressTest', () => {
  afterEach(cleanup);

  it('reports the typed address, keeps Enter from submitting the step, and says the verdict in a status region', () => {
    const onAddressChange = vi.fn();
    const { rerender } = render(ui({ address: '', result: null, onAddressChange }));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    const input = screen.getByLabelText('Test a page address');
    fireEvent.change(input, { target: { value: '/checkout' } });
    expect(onAddressChange).toHaveBeenLastCalledWith('/checkout');
    // Enter's default (submitting the step's form) is prevented: the verdict follows each keystroke.
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(false);

    rerender(ui({ address: '/checkout', result: { status: 'hidden', sentences: [pageTestMessages.excluded('/checkout*')] }, onAddressChange }));
    // The same region, so assistive technology announces the change.
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Hidden on this page: it matches a Hide on pages pattern (/checkout*).');
    rerender(ui({ address: '/', result: { status: 'shown', sentences: [pageTestMessages.shown, pageTestMessages.newVisitors, pageTestMessages.time(10)] }, onAddressChange }));
    expect(status.textContent).toBe('Shown on this page. Shown only to new visitors. Shown after the visitor spends 10 seconds on the page.');
  });
});
