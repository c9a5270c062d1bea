import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetAgents, widgets } from '../db/schema/toolbox.ts';
import { defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { addAgent, addWebsite, addWidget, agentWidgetBody, type Client, expectStatus, signedInClient, widgetBody } from '../test/toolbox.ts';

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  client = await signedInClient(server);
});
afterAll(() => server?.close());

let siteCounter = 0;
async function freshWebsite(owner: Client = client) {
  siteCounter += 1;
  return addWebsite(owner, `site${siteCounter}.widgets.example.com`);
}

async function activeFlags(websiteId: number) {
  const rows = await server.db.select({ id: widgets.id, typeId: widgets.typeId, isActive: widgets.isActive }).from(widgets).where(eq(widgets.websiteId, websiteId));
  return Object.fromEntries(rows.map((row) => [row.id, row.isActive]));
}

/** A deep copy of the default settings with `change` applied, for one-field variations. */
function settingsWith(change: (settings: ReturnType<typeof defaultWidgetConfiguration>) => void, agentNumber: string | null = '+14155550123') {
  const settings = defaultWidgetConfiguration(agentNumber);
  change(settings);
  return settings;
}

describe('POST /client/widgets', () => {
  it('creates a widget and answers it with its type, website, calling rule and agents; settings as sent', async () => {
    const website = await freshWebsite();
    const first = await addAgent(client, { name: 'First Agent' });
    const second = await addAgent(client, { name: 'Second Agent', phone: '+14155550188' });
    const body = agentWidgetBody(website.id, [second.id, first.id], { name: 'Timed offer', typeId: 2, callingRuleId: 2 });
    const created = expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body }), 201);
    expect(created).toMatchObject({
      name: 'Timed offer',
      typeId: 2,
      websiteId: website.id,
      callingRuleId: 2,
      agentIds: [second.id, first.id],
      isActive: true,
      widgetType: { id: 2, name: 'Timed popup' },
      websiteUrl: website.domain,
      callingRule: { id: 2, name: 'Call agents one by one' },
    });
    expect(created.agents.map((agent: { name: string }) => agent.name)).toEqual(['Second Agent', 'First Agent']);
    expect(created.settings).toEqual(body.settings);
    expect(created.notifications).toEqual(body.notifications);
  });

  it('creates a widget calling one number, with no calling rule and no agents', async () => {
    const website = await freshWebsite();
    const created = await addWidget(client, widgetBody(website.id));
    expect(created).toMatchObject({ callingRuleId: null, callingRule: null, agentIds: [], agents: [] });
  });

  it('stores every part of the settings exactly as sent (a non-default tree)', async () => {
    const website = await freshWebsite();
    const settings = settingsWith((s) => {
      s.settings.redirections.callNow = { isActive: true, value: 'https://shop.example.com/thanks' };
      s.settings.waitingAudio = { isActive: true, url: 'http://dashboard.test/files/abc/hold.wav' };
      s.settings.customCallerId = { value: '+1' };
      s.settings.useSchedule = true;
      s.globalSetup.layout = 'Square';
      s.globalSetup.textOptions = { size: 28, color: '#000000', fontFamily: 'Georgia' };
      s.globalSetup.floatingIcon = { size: 200, bgColor: '#123456', phoneIconColor: '#abcdef', position: 'left' };
      s.callSetup.picture = { isActive: true, src: 'http://dashboard.test/files/abc/face.png', size: 100 };
      s.scheduleSetup.customField1 = { isActive: true, text: 'Order number' };
    });
    const notifications = { email: { isActive: true, value: 'owner@example.com' }, phoneNumber: { isActive: true, value: '+14155550111' } };
    const created = await addWidget(client, widgetBody(website.id, { settings, notifications }));
    const listed = expectStatus(await client.call({ method: 'GET', url: '/api/client/widgets' }), 200).data.find((w: { id: number }) => w.id === created.id);
    expect(listed.settings).toEqual(settings);
    expect(listed.notifications).toEqual(notifications);
  });

  it('takes the defaults for omitted isActive, agentIds and callingRuleId', async () => {
    const website = await freshWebsite();
    const { isActive: _isActive, ...body } = widgetBody(website.id);
    const created = await addWidget(client, body);
    expect(created).toMatchObject({ isActive: true, agentIds: [], callingRuleId: null });
  });

  const invalidBodies: [string, (websiteId: number) => object][] = [
    ['numberOfTries below 0', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.numberOfTries = -1)) })],
    ['a text size above 28 (spec §9)', (id) => widgetBody(id, { settings: settingsWith((s) => (s.globalSetup.textOptions.size = 29)) })],
    ['a text size below 14', (id) => widgetBody(id, { settings: settingsWith((s) => (s.globalSetup.textOptions.size = 13)) })],
    ['a button font size above 45', (id) => widgetBody(id, { settings: settingsWith((s) => (s.globalSetup.buttonOptions.fontSize = 46)) })],
    ['an opacity above 100', (id) => widgetBody(id, { settings: settingsWith((s) => (s.globalSetup.screenBackground.opacity = 101)) })],
    ['a floating icon below 50', (id) => widgetBody(id, { settings: settingsWith((s) => (s.globalSetup.floatingIcon.size = 45)) })],
    ['a picture size above 100', (id) => widgetBody(id, { settings: settingsWith((s) => (s.callSetup.picture.size = 101)) })],
    ['a fractional number of tries', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.numberOfTries = 1.5)) })],
    ['10 tries (lower than 10, WIDGET_COUNT_BOUNDS)', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.numberOfTries = 10)) })],
    ['60 between tries', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.minutesBetweenTries = 60)) })],
    ['100 displays per visit', (id) => widgetBody(id, { typeId: 2, settings: settingsWith((s) => (s.settings.displaysPerVisit = 100)) })],
    ['a bad agent number', (id) => widgetBody(id, { settings: settingsWith(() => {}, '555-CALL') })],
    ['no agent number without agents', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.useAgents = false), null) })],
    ['useAgents without agents', (id) => agentWidgetBody(id, [])],
    ['useAgents without a calling rule', (id) => agentWidgetBody(id, [1], { callingRuleId: null })],
    ['a bad redirection URL', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.redirections.scheduleCall = { isActive: true, value: 'not a url' })) })],
    ['a javascript: redirection', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.redirections.callNow = { isActive: true, value: 'javascript:alert(1)' })) })],
    ['an active redirection without a URL', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.redirections.callNow = { isActive: true, value: '' })) })],
    ['a missed-call text to the visitor over 300 characters (issue 18)', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.missedCallRecovery = { textVisitor: { isActive: true, text: 'x'.repeat(301) }, scheduleCallback: true, notifyClient: true })) })],
    ['active waiting audio without a URL', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.waitingAudio = { isActive: true, url: null })) })],
    ['an active picture without a source', (id) => widgetBody(id, { settings: settingsWith((s) => (s.callSetup.picture = { isActive: true, src: '', size: 10 })) })],
    ['a bad notification e-mail', (id) => widgetBody(id, { notifications: { email: { isActive: true, value: 'nobody' }, phoneNumber: { isActive: false, value: '' } } })],
    ['a bad colour', (id) => widgetBody(id, { settings: settingsWith((s) => (s.globalSetup.buttonOptions.color = 'blue')) })],
    ['an unknown layout', (id) => widgetBody(id, { settings: settingsWith((s) => ((s.globalSetup as { layout: string }).layout = 'Circle')) })],
    ['a missing callSetup', (id) => widgetBody(id, { settings: { ...defaultWidgetConfiguration('+14155550123'), callSetup: undefined } })],
    ['an unknown settings field', (id) => widgetBody(id, { settings: { ...defaultWidgetConfiguration('+14155550123'), extra: true } })],
    ['an empty button text', (id) => widgetBody(id, { settings: settingsWith((s) => (s.callSetup.buttonText = '')) })],
    ['an active day without times', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.activeHours[0]!.times = [])) })],
    ['a time frame ending before it starts', (id) => widgetBody(id, { settings: settingsWith((s) => (s.settings.activeHours[0]!.times = [{ from: '18:00', to: '08:00' }])) })],
    ['an unknown typeId', (id) => widgetBody(id, { typeId: 999 })],
    ['an unknown callingRuleId', (id) => agentWidgetBody(id, [1], { callingRuleId: 999 })],
    ['a missing name', (id) => widgetBody(id, { name: undefined })],
  ];

  it.each(invalidBodies)('answers 400 for %s and creates nothing', async (_case, makeBody) => {
    const website = await freshWebsite();
    const agent = await addAgent(client);
    const body = JSON.parse(JSON.stringify(makeBody(website.id)).replace('"agentIds":[1]', `"agentIds":[${agent.id}]`));
    expect(expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body }), 400).error).toBe('invalid_request');
    expect(await activeFlags(website.id)).toEqual({});
  });

  it.each([
    ['a premium-rate agent number', '+19005551234'],
    ['a satellite agent number', '+881612345678'],
  ])('refuses %s, the widget’s own number rung at the platform’s cost (issue 15 review)', async (_case, agentNumber) => {
    const website = await freshWebsite();
    const body = widgetBody(website.id, { settings: settingsWith((s) => (s.settings.useAgents = false), agentNumber) });
    expect(expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body }), 400)).toMatchObject({
      error: 'invalid_request',
      error_description: 'Field settings.settings.agentNumber: Calls to this kind of number are not available. Please enter a landline or mobile number.',
    });
    expect(await activeFlags(website.id)).toEqual({});
    const widget = await addWidget(client, widgetBody(website.id));
    expect(expectStatus(await client.call({ method: 'PUT', url: `/api/client/widgets/${widget.id}`, body }), 400).error).toBe('invalid_request');
    const [stored] = await server.db.select().from(widgets).where(eq(widgets.id, widget.id));
    expect((stored!.settings as { settings: { agentNumber: string } }).settings.agentNumber).toBe('+14155550123');
  });

  it('takes a widget number in another country than the visitors’ (a London office)', async () => {
    const website = await freshWebsite();
    const body = widgetBody(website.id, { settings: settingsWith((s) => (s.settings.useAgents = false), '+442079460000') });
    expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body }), 201);
  });

  it('answers 404 for a website or an agent that does not exist', async () => {
    const website = await freshWebsite();
    expect(expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body: widgetBody(99999999) }), 404).error).toBe('not_found');
    const withGhostAgent = agentWidgetBody(website.id, [99999999]);
    expect(expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body: withGhostAgent }), 404).error).toBe('not_found');
    expect(await activeFlags(website.id)).toEqual({});
  });
});

describe('one active widget per type and website (spec §4)', () => {
  it('switches off the other widget of the same type on the same website when a new one is saved active', async () => {
    const website = await freshWebsite();
    const first = await addWidget(client, widgetBody(website.id, { typeId: 1 }));
    const second = await addWidget(client, widgetBody(website.id, { typeId: 1 }));
    expect(await activeFlags(website.id)).toEqual({ [first.id]: false, [second.id]: true });
  });

  it('leaves widgets of another type or on another website alone', async () => {
    const website = await freshWebsite();
    const otherWebsite = await freshWebsite();
    const exitPopup = await addWidget(client, widgetBody(website.id, { typeId: 1 }));
    const floating = await addWidget(client, widgetBody(website.id, { typeId: 3 }));
    const elsewhere = await addWidget(client, widgetBody(otherWebsite.id, { typeId: 1 }));
    const newExitPopup = await addWidget(client, widgetBody(website.id, { typeId: 1 }));
    expect(await activeFlags(website.id)).toEqual({ [exitPopup.id]: false, [floating.id]: true, [newExitPopup.id]: true });
    expect(await activeFlags(otherWebsite.id)).toEqual({ [elsewhere.id]: true });
  });

  it('saving an inactive widget changes no other widget', async () => {
    const website = await freshWebsite();
    const active = await addWidget(client, widgetBody(website.id));
    const inactive = await addWidget(client, widgetBody(website.id, { isActive: false }));
    expect(await activeFlags(website.id)).toEqual({ [active.id]: true, [inactive.id]: false });
  });

  it('switching a widget on from the list switches off its rival; switching the rival back on swaps again', async () => {
    const website = await freshWebsite();
    const older = await addWidget(client, widgetBody(website.id, { name: 'Older' }));
    const newer = await addWidget(client, widgetBody(website.id, { name: 'Newer' }));
    const toggled = await client.call({ method: 'PUT', url: `/api/client/widgets/${older.id}`, body: widgetBody(website.id, { name: 'Older', isActive: true }) });
    expect(expectStatus(toggled, 200).isActive).toBe(true);
    expect(await activeFlags(website.id)).toEqual({ [older.id]: true, [newer.id]: false });
    await client.call({ method: 'PUT', url: `/api/client/widgets/${newer.id}`, body: widgetBody(website.id, { name: 'Newer' }) });
    expect(await activeFlags(website.id)).toEqual({ [older.id]: false, [newer.id]: true });
  });

  it('re-saving the active widget keeps it active', async () => {
    const website = await freshWebsite();
    const widget = await addWidget(client, widgetBody(website.id));
    const saved = expectStatus(await client.call({ method: 'PUT', url: `/api/client/widgets/${widget.id}`, body: widgetBody(website.id) }), 200);
    expect(saved.isActive).toBe(true);
  });

  it('moving an active widget to another website or type switches off the rival there', async () => {
    const from = await freshWebsite();
    const to = await freshWebsite();
    const rival = await addWidget(client, widgetBody(to.id, { typeId: 2 }));
    const moving = await addWidget(client, widgetBody(from.id, { typeId: 1 }));
    await client.call({ method: 'PUT', url: `/api/client/widgets/${moving.id}`, body: widgetBody(to.id, { typeId: 2 }) });
    expect(await activeFlags(to.id)).toEqual({ [rival.id]: false, [moving.id]: true });
    expect(await activeFlags(from.id)).toEqual({});
  });

  it.runIf(process.env.DATABASE_URL)('never leaves two active widgets under concurrent saves (PostgreSQL)', async () => {
    const website = await freshWebsite();
    const existing = await Promise.all([1, 2, 3].map(() => addWidget(client, widgetBody(website.id, { isActive: false }))));
    const saves = [
      ...Array.from({ length: 12 }, () => client.call({ method: 'POST', url: '/api/client/widgets', body: widgetBody(website.id) })),
      ...existing.map((widget) => client.call({ method: 'PUT', url: `/api/client/widgets/${widget.id}`, body: widgetBody(website.id) })),
    ];
    const responses = await Promise.all(saves);
    expect(responses.map((response) => response.status).sort()).toEqual([...Array(3).fill(200), ...Array(12).fill(201)]);
    const active = await server.db
      .select({ id: widgets.id })
      .from(widgets)
      .where(and(eq(widgets.websiteId, website.id), eq(widgets.typeId, 1), eq(widgets.isActive, true)));
    expect(active).toHaveLength(1);
  });
});

describe('GET /client/widgets', () => {
  it('lists the caller’s widgets newest first, only theirs', async () => {
    const owner = await signedInClient(server);
    const stranger = await signedInClient(server);
    const website = await freshWebsite(owner);
    const older = await addWidget(owner, widgetBody(website.id, { typeId: 1 }));
    const newer = await addWidget(owner, widgetBody(website.id, { typeId: 2 }));
    await addWidget(stranger, widgetBody((await freshWebsite(stranger)).id));
    const list = expectStatus(await owner.call({ method: 'GET', url: '/api/client/widgets' }), 200);
    expect(list.data.map((widget: { id: number }) => widget.id)).toEqual([newer.id, older.id]);
  });

  it('answers an empty list for a new client', async () => {
    const fresh = await signedInClient(server);
    expect(expectStatus(await fresh.call({ method: 'GET', url: '/api/client/widgets' }), 200)).toEqual({ data: [] });
  });
});

describe('PUT /client/widgets/{id}', () => {
  it('replaces the widget whole, agent links included', async () => {
    const website = await freshWebsite();
    const a = await addAgent(client, { name: 'Agent Alpha' });
    const b = await addAgent(client, { name: 'Agent Bravo' });
    const widget = await addWidget(client, agentWidgetBody(website.id, [a.id]));
    const body = agentWidgetBody(website.id, [b.id, a.id], { name: 'Renamed', callingRuleId: 3 });
    const updated = expectStatus(await client.call({ method: 'PUT', url: `/api/client/widgets/${widget.id}`, body }), 200);
    expect(updated).toMatchObject({ id: widget.id, name: 'Renamed', agentIds: [b.id, a.id], callingRule: { id: 3, name: 'Random agent' } });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.createdAt));

    const toNumber = expectStatus(await client.call({ method: 'PUT', url: `/api/client/widgets/${widget.id}`, body: widgetBody(website.id) }), 200);
    expect(toNumber).toMatchObject({ agentIds: [], agents: [], callingRuleId: null });
    expect(await server.db.select().from(widgetAgents).where(eq(widgetAgents.widgetId, widget.id))).toEqual([]);
  });

  it('answers 400 for a bad body and leaves the widget unchanged', async () => {
    const website = await freshWebsite();
    const widget = await addWidget(client, widgetBody(website.id, { name: 'Unchanged' }));
    const [before] = await server.db.select().from(widgets).where(eq(widgets.id, widget.id));
    const bad = widgetBody(website.id, { settings: settingsWith((s) => (s.globalSetup.screenBackground.opacity = 150)) });
    expect((await client.call({ method: 'PUT', url: `/api/client/widgets/${widget.id}`, body: bad })).status).toBe(400);
    expect((await server.db.select().from(widgets).where(eq(widgets.id, widget.id)))[0]).toEqual(before);
  });

  it('answers 404 for an unknown widget', async () => {
    const website = await freshWebsite();
    expect(expectStatus(await client.call({ method: 'PUT', url: '/api/client/widgets/99999999', body: widgetBody(website.id) }), 404).error).toBe('not_found');
  });
});

describe('DELETE /client/widgets/{id}', () => {
  it('deletes the widget and its agent links; the agents stay', async () => {
    const website = await freshWebsite();
    const agent = await addAgent(client, { name: 'Stays Around' });
    const widget = await addWidget(client, agentWidgetBody(website.id, [agent.id]));
    expect((await client.call({ method: 'DELETE', url: `/api/client/widgets/${widget.id}` })).status).toBe(204);
    expect(await activeFlags(website.id)).toEqual({});
    expect(await server.db.select().from(widgetAgents).where(eq(widgetAgents.widgetId, widget.id))).toEqual([]);
    const agents = expectStatus(await client.call({ method: 'GET', url: '/api/client/agents' }), 200).data;
    expect(agents.some((a: { id: number }) => a.id === agent.id)).toBe(true);
    expect(expectStatus(await client.call({ method: 'DELETE', url: `/api/client/widgets/${widget.id}` }), 404).error).toBe('not_found');
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    expect((await client.call({ method: 'DELETE', url: '/api/client/widgets/-3' })).status).toBe(400);
  });
});

describe('another client’s widgets, websites and agents', () => {
  it('cannot be read, updated, deleted or used: 404, and nothing changes', async () => {
    const owner = await signedInClient(server);
    const stranger = await signedInClient(server);
    const website = await freshWebsite(owner);
    const agent = await addAgent(owner, { name: 'Owner Agent' });
    const widget = await addWidget(owner, agentWidgetBody(website.id, [agent.id]));
    const [before] = await server.db.select().from(widgets).where(eq(widgets.id, widget.id));
    const strangerSite = await freshWebsite(stranger);

    const attempts = [
      stranger.call({ method: 'PUT', url: `/api/client/widgets/${widget.id}`, body: widgetBody(strangerSite.id) }),
      stranger.call({ method: 'PUT', url: `/api/client/widgets/${widget.id}`, body: widgetBody(website.id) }),
      stranger.call({ method: 'DELETE', url: `/api/client/widgets/${widget.id}` }),
      stranger.call({ method: 'POST', url: '/api/client/widgets', body: widgetBody(website.id) }),
      stranger.call({ method: 'POST', url: '/api/client/widgets', body: agentWidgetBody(strangerSite.id, [agent.id]) }),
    ];
    for (const response of await Promise.all(attempts)) expect(expectStatus(response, 404).error).toBe('not_found');

    expect((await server.db.select().from(widgets).where(eq(widgets.id, widget.id)))[0]).toEqual(before);
    expect(await activeFlags(website.id)).toEqual({ [widget.id]: true });
    expect(await activeFlags(strangerSite.id)).toEqual({});
    expect(expectStatus(await stranger.call({ method: 'GET', url: '/api/client/widgets' }), 200)).toEqual({ data: [] });
  });
});
