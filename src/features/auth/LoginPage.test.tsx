// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine } from '../../../machines/auth/auth.machine.ts';
import type { Credentials, StoredSession, TokenPair } from '../../../machines/auth/auth.types.ts';
import { creditsMachine } from '../../../machines/credits/credits.machine.ts';
import { startupMachine } from '../../../machines/startup/startup.machine.ts';
import { createApiClient } from '../../api/client.ts';
import { messages as deMessages } from '../../locales/de/messages.po';
import { messages as enMessages } from '../../locales/en/messages.po';
import { createAuthSessionPort } from '../../session/authSessionPort.ts';
import { RootActorsProvider } from '../../session/RootActorsContext.tsx';
import { system } from '../../ui/system.ts';
import { LoginPage } from './LoginPage.tsx';

function renderLogin(locale: 'en' | 'de', tokenRequest: (input: Credentials) => Promise<TokenPair>) {
  const i18n = setupI18n({ locale, messages: { en: enMessages, de: deMessages } });
  const auth = createActor(
    authMachine.provide({
      actors: {
        sessionRestorer: fromPromise<StoredSession | null>(async () => null),
        tokenRequest: fromPromise(({ input }) => tokenRequest(input)),
      },
    }),
  ).start();
  const actors = { auth, startup: createActor(startupMachine), credits: createActor(creditsMachine), api: createApiClient({ session: createAuthSessionPort() }) };
  const rootRoute = createRootRoute({ component: Outlet });
  const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/auth/login', component: LoginPage });
  const router = createRouter({
    routeTree: rootRoute.addChildren([loginRoute]),
    history: createMemoryHistory({ initialEntries: ['/auth/login'] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <RootActorsProvider actors={actors}>
          <RouterProvider router={router} />
        </RootActorsProvider>
      </ChakraProvider>
    </I18nProvider>,
  );
  return { auth };
}

/** The element that describes an input (aria-describedby), e.g. its validation message. */
function descriptionOf(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('LoginPage', () => {
  afterEach(cleanup);

  it('labels its fields with the spec names and announces errors on them', async () => {
    renderLogin('en', vi.fn());
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(email)).toBe('Required field');
    expect(descriptionOf(password)).toBe('Required field');
    expect(screen.getByText('Enter your username and password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password ?' }).getAttribute('href')).toBe('/auth/forgot-password');
  });

  it('asks the auth actor to sign in and shows its failure message', async () => {
    const tokenRequest = vi.fn(async (): Promise<TokenPair> => Promise.reject({ status: 401, code: 'invalid_grant' }));
    const { auth } = renderLogin('en', tokenRequest);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'Demo@Example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(auth.getSnapshot().matches({ signedOut: 'loggingIn' })).toBe(true);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('The login details are incorrect.');
    expect(tokenRequest).toHaveBeenCalledWith({ email: 'demo@example.com', password: 'wrong-password' });
  });

  it('renders the German catalog', async () => {
    renderLogin('de', vi.fn());
    fireEvent.click(await screen.findByRole('button', { name: 'Anmelden' }));
    const email = screen.getByLabelText('E-Mail');
    await waitFor(() => expect(descriptionOf(email)).toBe('Pflichtfeld'));
    expect(screen.getByText('Geben Sie Ihren Benutzernamen und Ihr Passwort ein')).toBeTruthy();
  });
});
