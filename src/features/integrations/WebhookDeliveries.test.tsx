// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine } from '../../../machines/auth/auth.machine.ts';
import type { StoredSession } from '../../../machines/auth/auth.types.ts';
import { creditsMachine } from '../../../machines/credits/credits.machine.ts';
import { startupMachine } from '../../../machines/startup/startup.machine.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../../../machines/webhookEndpoints/webhookEndpoints.types.ts';
import { createApiClient } from '../../api/client.ts';
import { messages as deScreen } from '../../locales/de/integrations.po';
import { messages as deShared } from '../../locales/de/messages.po';
import { messages as enScreen } from '../../locales/en/integrations.po';
import { messages as enShared } from '../../locales/en/messages.po';
import { RootActorsProvider } from '../../session/RootActorsContext.tsx';
import { system } from '../../ui/system.ts';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';

const endpoint: WebhookEndpoint = {
  id: 3,
  url: 'https://crm.example.com/hooks',
  events: ['call.requested'],
  isActive: true,
  secretHint: 'whsec_…x7Qa',
  failingSince: null,
  switchedOffAt: null,
  createdAt: '2026-11-24T09:00:00Z',
};

const delivery = (id: number, failure: Pick<WebhookDelivery, 'status' | 'responseCode' | 'error' | 'errorCode'>): WebhookDelivery => ({
  id,
  eventId: `evt_${id}`,
  eventType: 'call.requested',
  attempts: 1,
  durationMs: 120,
  createdAt: '2026-11-24T10:00:00Z',
  lastAttemptAt: '2026-11-24T10:00:01Z',
  nextRetryAt: null,
  ...failure,
});

const deliveries = [
  delivery(5, { status: 'pending', responseCode: 503, error: null, errorCode: 'http_status' }),
  delivery(4, { status: 'failed', responseCode: null, error: 'not delivered within 24 hours', errorCode: 'expired' }),
  delivery(3, { status: 'pending', responseCode: null, error: 'connect ECONNRESET', errorCode: 'certificate_pinned' as never }),
  delivery(2, { status: 'succeeded', responseCode: 204, error: null, errorCode: null }),
];

/** The panel in German, wide (a table), its deliveries answered by a stubbed GET. */
function renderInGerman() {
  window.matchMedia = ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  const i18n = setupI18n({ locale: 'de', messages: { en: { ...enShared, ...enScreen }, de: { ...deShared, ...deScreen } } });
  const answer = async () => new Response(JSON.stringify({ data: deliveries }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const api = createApiClient({ session: { accessToken: () => 'token', refreshAccessToken: async () => null }, fetch: answer, baseUrl: 'http://dashboard.test/api' });
  const auth = createActor(authMachine.provide({ actors: { sessionRestorer: fromPromise<StoredSession | null>(async () => null) } })).start();
  render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <RootActorsProvider actors={{ auth, startup: createActor(startupMachine), credits: createActor(creditsMachine), api }}>
          <WebhookDeliveries id="deliveries-3" endpoint={endpoint} />
        </RootActorsProvider>
      </ChakraProvider>
    </I18nProvider>,
  );
}

describe('WebhookDeliveries', () => {
  afterEach(cleanup);

  it('says why each delivery failed in the user’s language, with the server’s English in the tooltip only', async () => {
    renderInGerman();
    const table = await screen.findByRole('table', { name: `Zustellungen an ${endpoint.url}` });
    // The rows once loaded (placeholders before).
    await within(table).findByText('Nicht innerhalb von 24 Stunden zugestellt.');
    const column = within(table)
      .getAllByRole('columnheader')
      .findIndex((header) => header.textContent === 'Fehler');
    const cells = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[column]!);
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Der Endpunkt hat mit HTTP 503 geantwortet.',
      'Nicht innerhalb von 24 Stunden zugestellt.',
      // A code this dashboard does not know: the general message.
      'Die Zustellung ist fehlgeschlagen.',
      '—',
    ]);
    expect(cells.map((cell) => cell.querySelector('[title]')?.getAttribute('title') ?? null)).toEqual([null, 'not delivered within 24 hours', 'connect ECONNRESET', null]);
  });
});
