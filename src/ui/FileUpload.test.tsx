// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileUpload, type UploadFieldState } from './FileUpload.tsx';
import { system } from './system.ts';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const held = 'https://dash.example.com/files/AAAAAAAAAAAAAAAAAAAAAA/our-logo-2.png';

function show(upload: Partial<UploadFieldState>) {
  const state: UploadFieldState = { fileName: null, progress: 0, uploading: false, error: null, select: vi.fn(), ...upload };
  render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <FileUpload label="Picture" name="picture" accept="image/*" upload={state} currentUrl={held} />
      </ChakraProvider>
    </I18nProvider>,
  );
}

describe('FileUpload', () => {
  afterEach(cleanup);

  it('names the held file as it was uploaded, from the account\'s file list (GET /user/files)', () => {
    show({ storedName: (url) => (url === held ? 'Our logo (2).png' : null) });
    expect(screen.getByText('Our logo (2).png')).toBeTruthy();
  });

  it('falls back to the name in the URL until the list has it', () => {
    show({ storedName: () => null });
    expect(screen.getByText('our-logo-2.png')).toBeTruthy();
  });

  it('names the file just chosen first', () => {
    show({ fileName: 'new.png', storedName: () => 'Our logo (2).png' });
    expect(screen.getByText('new.png')).toBeTruthy();
  });
});
