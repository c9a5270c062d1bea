import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RingRequest } from '../../adapters/telephony/telephony.ts';
import { credits } from '../../db/schema/billing.ts';
import { calls } from '../../db/schema/calls.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { accountWithWidget, fastDeps } from '../../test/callTestKit.ts';
import { requestInstantCall } from './callRequests.ts';

// Issue 15 review: agents' and widgets' own numbers were dialled as stored. They are checked
// when saved now (agents/phone.ts); a number stored before that is checked again before each
// dial and its leg skipped with a logged reason, never dialled.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function watchedDeps() {
  const errors: object[] = [];
  const dialled: string[][] = [];
  const deps = { ...fastDeps({ script: () => 'successful' }), log: { info() {}, warn() {}, error: (object: object) => void errors.push(object) } };
  const ringAgents = deps.telephony.ringAgents.bind(deps.telephony);
  deps.telephony.ringAgents = (request: RingRequest) => {
    dialled.push(request.targets.map((target) => target.number));
    return ringAgents(request);
  };
  return { deps, errors, dialled };
}

async function callOf(userId: number) {
  const [call] = await server.db.select().from(calls).where(eq(calls.userId, userId));
  return call!;
}

describe('numbers checked again before dialling (issue 15 review)', () => {
  it('skips a stored premium-rate agent and rings the others', async () => {
    const setup = await accountWithWidget(server.db, { useAgents: true, numberOfTries: 1, agents: [{ phone: '+19005551234' }, { phone: '+14155550123' }] });
    const { deps, errors, dialled } = watchedDeps();
    await requestInstantCall(server.db, deps, setup.request());
    await deps.placements.settle();
    expect(dialled).toEqual([['+14155550123']]);
    expect(errors).toContainEqual(expect.objectContaining({ agentId: setup.agentIds[0], number: '+19005551234' }));
    expect(await callOf(setup.userId)).toMatchObject({ status: 'successful', agentId: setup.agentIds[1] });
  });

  it('never dials a stored premium-rate widget number: the attempt is missed and the credit given back', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 2, minutesBetweenTries: 0 });
    const [widget] = await server.db.select().from(widgets).where(eq(widgets.id, setup.widgetId));
    const settings = widget!.settings as { settings: { agentNumber: string } };
    settings.settings.agentNumber = '+449098790000';
    await server.db.update(widgets).set({ settings }).where(eq(widgets.id, setup.widgetId));
    const { deps, errors, dialled } = watchedDeps();
    await requestInstantCall(server.db, deps, setup.request());
    await deps.placements.settle();
    expect(dialled).toEqual([]);
    expect(errors.filter((entry) => 'number' in entry)).toHaveLength(2);
    expect(await callOf(setup.userId)).toMatchObject({ status: 'missed', creditsCharged: 0, reservedCredits: 0, placementClaimedAt: null });
    const [account] = await server.db.select().from(credits).where(eq(credits.userId, setup.userId));
    expect(account).toMatchObject({ credits: 20, reserved: 0 });
  });

  it('still rings the local simulator’s test numbers with the simulator', async () => {
    const setup = await accountWithWidget(server.db, { useAgents: true, numberOfTries: 1, agents: [{ phone: '+15005550004' }] });
    const { deps, dialled } = watchedDeps();
    await requestInstantCall(server.db, deps, setup.request());
    await deps.placements.settle();
    expect(dialled).toEqual([['+15005550004']]);
  });
});
