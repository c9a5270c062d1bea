import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, widgetAgents } from '../db/schema/toolbox.ts';
import { defaultWorkingHours } from '../../common/rules/workingHours.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { addAgent, addWebsite, addWidget, agentWidgetBody, type Client, expectStatus, signedInClient } from '../test/toolbox.ts';

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  client = await signedInClient(server);
});
afterAll(() => server?.close());

const week = { activeHours: defaultWorkingHours() };

async function agentRow(id: number) {
  const [row] = await server.db.select().from(agents).where(eq(agents.id, id));
  return row;
}

describe('POST /client/agents', () => {
  it('creates an agent with the defaults of spec §4 for omitted fields', async () => {
    const created = expectStatus(await client.call({ method: 'POST', url: '/api/client/agents', body: { name: 'Grace Hopper', phone: '+14155550123' } }), 201);
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Grace Hopper',
      phone: '+14155550123',
      availability: { activeHours: [] },
      isActive: true,
      isVerified: false,
      isRegular: true,
    });
  });

  it('keeps a weekly schedule and the flags as sent', async () => {
    const body = { name: 'Alan Turing', phone: '4155550124', availability: week, isActive: false, isVerified: false, isRegular: true };
    const created = expectStatus(await client.call({ method: 'POST', url: '/api/client/agents', body }), 201);
    expect(created).toMatchObject(body);
  });

  it('stores the phone without spaces, dashes and parentheses (spec §5)', async () => {
    const created = await addAgent(client, { phone: '+1 (415) 555-0125' });
    expect(created.phone).toBe('+14155550125');
    expect((await agentRow(created.id))!.phone).toBe('+14155550125');
  });

  it('creates a placeholder agent: no name, not regular (the wizard’s number-only path)', async () => {
    const created = await addAgent(client, { name: null, isRegular: false });
    expect(created).toMatchObject({ name: null, isRegular: false, isVerified: false, isActive: true });
  });

  it.each([
    ['a bad phone', { name: 'Grace Hopper', phone: '12345' }],
    ['a phone with letters', { name: 'Grace Hopper', phone: '+1415CALLNOW' }],
    ['a short name', { name: 'Ada', phone: '+14155550123' }],
    ['a name of spaces', { name: '       ', phone: '+14155550123' }],
    ['a regular agent without a name', { phone: '+14155550123' }],
    ['an unknown field', { name: 'Grace Hopper', phone: '+14155550123', role: 'admin' }],
    ['an active day without times', { name: 'Grace Hopper', phone: '+14155550123', availability: { activeHours: [{ day: 'monday', isActive: true, times: [] }] } }],
    [
      'a time frame ending before it starts',
      { name: 'Grace Hopper', phone: '+14155550123', availability: { activeHours: [{ day: 'monday', isActive: true, times: [{ from: '17:00', to: '09:00' }] }] } },
    ],
    [
      'a day twice',
      {
        name: 'Grace Hopper',
        phone: '+14155550123',
        availability: {
          activeHours: [
            { day: 'monday', isActive: true, times: [{ from: '09:00', to: '12:00' }] },
            { day: 'monday', isActive: true, times: [{ from: '13:00', to: '17:00' }] },
          ],
        },
      },
    ],
    ['a schedule without an active day', { name: 'Grace Hopper', phone: '+14155550123', availability: { activeHours: [{ day: 'monday', isActive: false, times: [] }] } }],
    ['a bad time', { name: 'Grace Hopper', phone: '+14155550123', availability: { activeHours: [{ day: 'monday', isActive: true, times: [{ from: '9am', to: '17:00' }] }] } }],
    ['an unknown day', { name: 'Grace Hopper', phone: '+14155550123', availability: { activeHours: [{ day: 'funday', isActive: true, times: [{ from: '09:00', to: '17:00' }] }] } }],
  ])('answers 400 for %s', async (_case, body) => {
    const before = (await client.call({ method: 'GET', url: '/api/client/agents' })).body.data.length;
    expect(expectStatus(await client.call({ method: 'POST', url: '/api/client/agents', body }), 400).error).toBe('invalid_request');
    expect((await client.call({ method: 'GET', url: '/api/client/agents' })).body.data).toHaveLength(before);
  });
});

describe('agent numbers the platform pays to ring (issue 15 review)', () => {
  const refusal = 'Field phone: Calls to this kind of number are not available. Please enter a landline or mobile number.';

  it.each([
    ['a US premium-rate number', '+1 900 555 1234'],
    ['a UK premium-rate number', '+44 909 879 0000'],
    ['a satellite number', '+881 6 1234 5678'],
    ['a US personal number', '+1 500 555 0123'],
    ['a premium-rate number without a + (read in the account’s country)', '9005551234'],
  ])('refuses %s when an agent is created or updated, with 400 and the reason', async (_case, phone) => {
    const refused = expectStatus(await client.call({ method: 'POST', url: '/api/client/agents', body: { name: 'Premium Agent', phone } }), 400);
    expect(refused).toMatchObject({ error: 'invalid_request', error_description: refusal });
    const agent = await addAgent(client, { name: 'Honest Agent' });
    const update = expectStatus(await client.call({ method: 'PUT', url: `/api/client/agents/${agent.id}`, body: { name: 'Honest Agent', phone } }), 400);
    expect(update).toMatchObject({ error: 'invalid_request', error_description: refusal });
    expect((await agentRow(agent.id))!.phone).toBe(agent.phone);
  });

  it("takes the local call simulator's test agents beside it (a voicemail, an agent declining the whisper; issue 18)", async () => {
    for (const phone of ['+15005550005', '+15005550006']) {
      expect(expectStatus(await client.call({ method: 'POST', url: '/api/client/agents', body: { name: 'Test Agent', phone } }), 201).phone).toBe(phone);
    }
  });

  it('takes a landline, a mobile or a toll-free number in any country (agents are not held to the visitor countries)', async () => {
    for (const phone of ['+442079460000', '+447400123456', '+33142685300', '+18005550100']) {
      expect(expectStatus(await client.call({ method: 'POST', url: '/api/client/agents', body: { name: 'Abroad Agent', phone } }), 201).phone).toBe(phone);
    }
  });
});

describe('GET /client/agents', () => {
  it('lists regular and placeholder agents together, oldest first, only the caller’s', async () => {
    const owner = await signedInClient(server);
    const stranger = await signedInClient(server);
    const regular = await addAgent(owner, { name: 'Regular Agent' });
    const placeholder = await addAgent(owner, { name: null, isRegular: false, phone: '+14155550199' });
    await addAgent(stranger, { name: 'Stranger Agent' });
    const list = expectStatus(await owner.call({ method: 'GET', url: '/api/client/agents' }), 200);
    expect(list.data.map((agent: { id: number }) => agent.id)).toEqual([regular.id, placeholder.id]);
  });

  it('answers the trailing-slash path the SPA calls (spec §7 GET /client/agents/)', async () => {
    expect((await client.call({ method: 'GET', url: '/api/client/agents/' })).status).toBe(200);
  });
});

describe('PUT /client/agents/{id}', () => {
  it('replaces the agent whole; omitted fields take the defaults again', async () => {
    const agent = await addAgent(client, { name: 'Before Edit', availability: week, isActive: false });
    const updated = expectStatus(
      await client.call({ method: 'PUT', url: `/api/client/agents/${agent.id}`, body: { name: 'After Edit', phone: '+1-415-555-0130' } }),
      200,
    );
    expect(updated).toEqual({
      id: agent.id,
      name: 'After Edit',
      phone: '+14155550130',
      availability: { activeHours: [] },
      isActive: true,
      isVerified: false,
      isRegular: true,
    });
  });

  it('flips isActive as the list’s switch does (the whole body sent back)', async () => {
    const agent = await addAgent(client, { availability: week });
    const { id: _id, ...body } = agent as Record<string, unknown>;
    const updated = expectStatus(await client.call({ method: 'PUT', url: `/api/client/agents/${agent.id}`, body: { ...body, isActive: false } }), 200);
    expect(updated).toMatchObject({ ...body, isActive: false });
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    const body = { name: 'Nobody Here', phone: '+14155550123' };
    expect(expectStatus(await client.call({ method: 'PUT', url: '/api/client/agents/99999999', body }), 404).error).toBe('not_found');
    expect((await client.call({ method: 'PUT', url: '/api/client/agents/abc', body })).status).toBe(400);
    expect((await client.call({ method: 'PUT', url: '/api/client/agents/0', body })).status).toBe(400);
  });

  it('answers 400 for a bad body and leaves the agent as it was', async () => {
    const agent = await addAgent(client, { name: 'Stays The Same' });
    const response = await client.call({ method: 'PUT', url: `/api/client/agents/${agent.id}`, body: { name: 'Stays The Same', phone: 'nope' } });
    expect(response.status).toBe(400);
    expect((await agentRow(agent.id))!.phone).toBe('+14155550123');
  });
});

describe('DELETE /client/agents/{id}', () => {
  it('deletes the agent and takes it out of its widgets, which stay', async () => {
    const website = await addWebsite(client, 'agents-delete.example.com');
    const kept = await addAgent(client, { name: 'Kept Agent' });
    const gone = await addAgent(client, { name: 'Gone Agent' });
    const widget = await addWidget(client, agentWidgetBody(website.id, [gone.id, kept.id]));
    expect((await client.call({ method: 'DELETE', url: `/api/client/agents/${gone.id}` })).status).toBe(204);

    expect(await agentRow(gone.id)).toBeUndefined();
    const [listed] = expectStatus(await client.call({ method: 'GET', url: '/api/client/widgets' }), 200).data.filter(
      (w: { id: number }) => w.id === widget.id,
    );
    expect(listed.agentIds).toEqual([kept.id]);
    expect(listed.agents.map((a: { name: string }) => a.name)).toEqual(['Kept Agent']);
  });

  it('keeps a widget whose last agent is deleted, with no agents', async () => {
    const website = await addWebsite(client, 'agents-last.example.com');
    const only = await addAgent(client, { name: 'Only Agent' });
    const widget = await addWidget(client, agentWidgetBody(website.id, [only.id]));
    expect((await client.call({ method: 'DELETE', url: `/api/client/agents/${only.id}` })).status).toBe(204);
    const links = await server.db.select().from(widgetAgents).where(eq(widgetAgents.widgetId, widget.id));
    expect(links).toEqual([]);
    const [listed] = expectStatus(await client.call({ method: 'GET', url: '/api/client/widgets' }), 200).data.filter(
      (w: { id: number }) => w.id === widget.id,
    );
    expect(listed).toMatchObject({ agentIds: [], agents: [], isActive: true });
  });

  it('answers 404 for an unknown agent, and 404 the second time', async () => {
    const agent = await addAgent(client);
    expect((await client.call({ method: 'DELETE', url: `/api/client/agents/${agent.id}` })).status).toBe(204);
    expect(expectStatus(await client.call({ method: 'DELETE', url: `/api/client/agents/${agent.id}` }), 404).error).toBe('not_found');
  });
});

describe('agents of another client', () => {
  it('cannot be updated or deleted (404), and stay unchanged', async () => {
    const owner = await signedInClient(server);
    const stranger = await signedInClient(server);
    const agent = await addAgent(owner, { name: 'Owned Agent' });
    const before = await agentRow(agent.id);
    const update = await stranger.call({ method: 'PUT', url: `/api/client/agents/${agent.id}`, body: { name: 'Hijacked Agent', phone: '+14155550000' } });
    expect(expectStatus(update, 404).error).toBe('not_found');
    expect(expectStatus(await stranger.call({ method: 'DELETE', url: `/api/client/agents/${agent.id}` }), 404).error).toBe('not_found');
    expect(await agentRow(agent.id)).toEqual(before);
  });
});
