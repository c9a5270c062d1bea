import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_RULES, type DisplayRules } from '../../common/rules/displayRules.ts';
import { defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { widgets } from '../db/schema/toolbox.ts';
import { loadContract } from '../http/contract.ts';
import { ContractResponses } from '../test/contractResponses.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { addWebsite, addWidget, type Client, expectStatus, signedInClient, widgetBody } from '../test/toolbox.ts';
import { WIDGET_CONTRACT_PATH } from '../widgetApi/widgetApi.ts';

// Display rules per widget (issue 20): stored in settings.settings.displayRules, validated on
// create and update with the dashboard's own check (common/rules/displayRules.ts), and handed to
// the widget script whole in its config.

const widgetContract = new ContractResponses(loadContract(WIDGET_CONTRACT_PATH), '/widget-api');

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  client = await signedInClient(server);
});
afterAll(() => server?.close());

let siteCounter = 0;
const freshWebsite = () => addWebsite(client, `site${++siteCounter}.display-rules.example.com`);

const targeted: DisplayRules = {
  includePages: ['/pricing', '/plans/*', '/compare?plan=*'],
  excludePages: ['*/checkout*'],
  utmSources: ['google', 'Newsletter'],
  minScrollPercent: 50,
  minSecondsOnPage: 20,
  visitors: 'returning',
};

function withRules(displayRules: unknown, typeId = 2) {
  const settings = defaultWidgetConfiguration('+14155550123');
  const general = settings.settings as Record<string, unknown>;
  if (displayRules === undefined) delete general.displayRules;
  else general.displayRules = displayRules;
  return { typeId, settings };
}

async function publicConfig(publicKey: string) {
  const url = `/widget-api/config/${publicKey}`;
  const response = await server.app.inject({ method: 'GET', url, headers: { origin: 'https://shop.example' } });
  widgetContract.check('GET', url, response.statusCode, String(response.headers['content-type']), response.body);
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as { widgets: { id: number; settings: { displayRules: DisplayRules } }[] };
}

describe('POST and PUT /client/widgets with display rules', () => {
  it('stores the rules as sent, answers them, and hands them to the widget script', async () => {
    const website = await freshWebsite();
    const created = expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body: widgetBody(website.id, withRules(targeted)) }), 201);
    expect(created.settings.settings.displayRules).toEqual(targeted);
    const config = await publicConfig(website.publicKey);
    expect(config.widgets.find((widget) => widget.id === created.id)!.settings.displayRules).toEqual(targeted);

    const changed = { ...targeted, includePages: [], visitors: 'new' };
    const updated = expectStatus(await client.call({ method: 'PUT', url: `/api/client/widgets/${created.id}`, body: widgetBody(website.id, withRules(changed)) }), 200);
    expect(updated.settings.settings.displayRules).toEqual(changed);
  });

  it('takes a widget without rules (saved before issue 20), and sends the script today’s behaviour for it', async () => {
    const website = await freshWebsite();
    const created = await addWidget(client, widgetBody(website.id, withRules(undefined)));
    const [stored] = await server.db.select().from(widgets).where(eq(widgets.id, created.id));
    expect((stored!.settings as { settings: Record<string, unknown> }).settings).not.toHaveProperty('displayRules');
    const config = await publicConfig(website.publicKey);
    expect(config.widgets.find((widget) => widget.id === created.id)!.settings.displayRules).toEqual(DEFAULT_DISPLAY_RULES);
  });

  it('takes the limits themselves', async () => {
    const website = await freshWebsite();
    const atLimits: DisplayRules = {
      includePages: Array.from({ length: 20 }, (_, i) => `/page-${i}/*`),
      excludePages: ['/' + 'x'.repeat(199)],
      utmSources: Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(100, 's')),
      minScrollPercent: 100,
      minSecondsOnPage: 3600,
      visitors: 'new',
    };
    expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body: widgetBody(website.id, withRules(atLimits)) }), 201);
  });

  // The domain check names the field and entry (the dashboard shows its own words for each).
  it.each([
    ['a page pattern that is not a path', { includePages: ['/ok', 'pricing'] }, 'Field settings.settings.displayRules.includePages[1]: Must start with / or *.'],
    ['a full URL as a pattern', { excludePages: ['https://shop.example/cart'] }, 'Field settings.settings.displayRules.excludePages[0]: Must start with / or *.'],
    ['a blank pattern', { excludePages: ['   '] }, 'Field settings.settings.displayRules.excludePages[0]: Must not be empty.'],
    ['a blank UTM source', { utmSources: ['google', ' '] }, 'Field settings.settings.displayRules.utmSources[1]: Must not be empty.'],
  ])('answers 400 for %s, naming it', async (_case, change, description) => {
    const website = await freshWebsite();
    const body = widgetBody(website.id, withRules({ ...DEFAULT_DISPLAY_RULES, ...change }));
    expect(expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body }), 400)).toEqual({ error: 'invalid_request', error_description: description });
  });

  // The contract's schema refuses these before the domain sees them: 400 invalid_request all the same, never a 5xx.
  it.each([
    ['21 include patterns', { includePages: Array.from({ length: 21 }, (_, i) => `/p${i}`) }],
    ['a pattern of 201 characters', { includePages: ['/' + 'x'.repeat(200)] }],
    ['an empty pattern', { excludePages: [''] }],
    ['21 UTM sources', { utmSources: Array.from({ length: 21 }, (_, i) => `s${i}`) }],
    ['a UTM source of 101 characters', { utmSources: ['s'.repeat(101)] }],
    ['a scroll depth of 0', { minScrollPercent: 0 }],
    ['a scroll depth of 101', { minScrollPercent: 101 }],
    ['a fractional scroll depth', { minScrollPercent: 12.5 }],
    ['0 seconds on the page', { minSecondsOnPage: 0 }],
    ['3601 seconds on the page', { minSecondsOnPage: 3601 }],
    ['seconds as text', { minSecondsOnPage: '20' }],
    ['an unknown kind of visitor', { visitors: 'everyone' }],
    ['a pattern list that is not a list', { includePages: '/pricing' }],
    ['an unknown rule', { maxAge: 3 }],
    ['a null pattern list', { includePages: null }],
    ['a null pattern', { excludePages: ['/ok', null] }],
    ['a null kind of visitor', { visitors: null }],
    ['a scroll depth as an object', { minScrollPercent: { value: 50 } }],
    ['10,000 patterns', { includePages: Array.from({ length: 10_000 }, (_, i) => `/p${i}/*`) }],
  ])('answers 400 for %s', async (_case, change) => {
    const website = await freshWebsite();
    const body = widgetBody(website.id, withRules({ ...DEFAULT_DISPLAY_RULES, ...change }));
    expect(expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body }), 400).error).toBe('invalid_request');
  });

  it.each([
    ['null', null],
    ['a list', [DEFAULT_DISPLAY_RULES]],
    ['text', 'every page'],
  ])('answers 400 for rules that are %s', async (_case, displayRules) => {
    const website = await freshWebsite();
    expect(expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body: widgetBody(website.id, withRules(displayRules)) }), 400).error).toBe('invalid_request');
  });

  it('answers 400 for rules with a field missing', async () => {
    const website = await freshWebsite();
    const { visitors: _visitors, ...partial } = DEFAULT_DISPLAY_RULES;
    expect(expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body: widgetBody(website.id, withRules(partial)) }), 400).error).toBe('invalid_request');
  });

  it('refuses bad rules on update and keeps the stored ones', async () => {
    const website = await freshWebsite();
    const created = await addWidget(client, widgetBody(website.id, withRules(targeted)));
    const body = widgetBody(website.id, withRules({ ...targeted, includePages: ['pricing'] }));
    expect(expectStatus(await client.call({ method: 'PUT', url: `/api/client/widgets/${created.id}`, body }), 400)).toMatchObject({
      error: 'invalid_request',
      error_description: 'Field settings.settings.displayRules.includePages[0]: Must start with / or *.',
    });
    const [stored] = await server.db.select().from(widgets).where(eq(widgets.id, created.id));
    expect((stored!.settings as { settings: { displayRules: DisplayRules } }).settings.displayRules).toEqual(targeted);
  });
});
