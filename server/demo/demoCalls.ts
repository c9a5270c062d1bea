import type { Database } from '../db/client.ts';
import { callRecordings, calls, scheduledCalls, twilioCallLegs, type CustomFields } from '../db/schema/calls.ts';
import { synthesizedRecordingKey } from '../domain/callEngine/synthesizedRecording.ts';
import type { SeededRandom } from '../domain/random/seededRandom.ts';
import { insertInBatches, reserveIds } from './batchInsert.ts';
import { DEMO_NOTES, DEMO_PLACES, DEMO_REQUESTS, DEMO_ZIP_CODES } from './demoBusiness.ts';
import type { DemoToolbox, ToolboxAgent, ToolboxWidget } from './demoToolbox.ts';
import { type CallRequest, DAY_MS } from './demoTraffic.ts';
import type { DemoSourceOfCall } from './demoSources.ts';

/** The service's own number, which calls both the agent and the customer (reference data, Twilio number 1). */
export const DEMO_SERVICE_NUMBER = '+12125550100';

type Status = 'successful' | 'missed' | 'busy' | 'no-answer';

const OUTCOMES: Record<'instant' | 'scheduled', (readonly [Status, number])[]> = {
  instant: [['successful', 66], ['missed', 12], ['busy', 8], ['no-answer', 14]],
  // A callback at a time the visitor chose connects more often.
  scheduled: [['successful', 72], ['missed', 10], ['busy', 6], ['no-answer', 12]],
};

interface Leg {
  target: 'agent' | 'customer';
  agentId: number | null;
  to: string;
  status: string;
  startOffset: number;
  seconds: number;
}

/** One finished call that costs a credit (spec §1: prepaid credits pay for calls). */
export interface ChargedCall {
  id: number;
  at: Date;
}

/**
 * Turns call requests into the account's call history: instant calls at once, scheduled ones
 * as callbacks at a later business hour — done (a call in Calls History) when that time has
 * passed, pending (Upcoming Calls) when it has not. Every call gets its outcome, telephony legs
 * as the widget's calling rule dials them, the caller's place and number, and a recording when
 * it connected. Answers the connected calls, which the billing history charges.
 */
export async function insertDemoCalls(
  db: Database,
  userId: number,
  random: SeededRandom,
  convertIds: SeededRandom,
  toolbox: DemoToolbox,
  requests: CallRequest[],
  now: Date,
  sources: Map<CallRequest, DemoSourceOfCall> = new Map(),
): Promise<{ charged: ChargedCall[]; calls: number; upcoming: number }> {
  const callers = new Callers(random);
  const planned = requests.map((request) => {
    const type = random.chance(0.25) ? ('scheduled' as const) : ('instant' as const);
    const at = type === 'scheduled' ? callbackTime(random, request.at) : new Date(request.at.getTime() + random.int(3, 12) * 1000);
    return {
      request,
      type,
      at,
      status: random.weighted(OUTCOMES[type]),
      caller: callers.next(),
      page: `https://${request.widget.website.domain}${random.pick(request.widget.website.pages)}${random.chance(0.3) ? '?utm_source=google&utm_medium=cpc' : ''}`,
      customFields: type === 'scheduled' ? customFields(random) : {},
      canceled: type === 'scheduled' && random.chance(0.04),
    };
  });

  const scheduled = planned.filter((plan) => plan.type === 'scheduled');
  const done = planned.filter((plan) => !plan.canceled && plan.at < now).sort((a, b) => a.at.getTime() - b.at.getTime());
  const callIds = await reserveIds(db, calls, done.length);
  const scheduledIds = await reserveIds(db, scheduledCalls, scheduled.length);
  const scheduledIdOf = new Map(scheduled.map((plan, index) => [plan, scheduledIds[index]!]));

  const callRows: (typeof calls.$inferInsert)[] = [];
  const legRows: (typeof twilioCallLegs.$inferInsert)[] = [];
  const recordingRows: (typeof callRecordings.$inferInsert)[] = [];
  const charged: ChargedCall[] = [];
  const answeredBy = new Map<(typeof planned)[number], ToolboxAgent | null>();

  done.forEach((plan, index) => {
    const id = callIds[index]!;
    const { widget } = plan.request;
    const dial = dialPlan(random, widget, toolbox.hotline, plan.status);
    answeredBy.set(plan, dial.answered);
    const duration = plan.status === 'successful' ? Math.min(1_800, Math.max(15, Math.round(Math.exp(random.normal(Math.log(150), 0.8))))) : 0;
    callRows.push({
      id,
      userId,
      convertId: `CL-${convertIds.string(10)}`,
      websiteId: widget.websiteId,
      widgetId: widget.id,
      widgetName: widget.name,
      widgetTypeId: widget.typeId,
      // contract Call.agentId: the agent who answered; null when none did or no agents are used.
      agentId: dial.answered && widget.agents.length > 0 ? dial.answered.id : null,
      scheduledCallId: scheduledIdOf.get(plan) ?? null,
      type: plan.type,
      status: plan.status,
      duration,
      url: plan.page,
      customerNumber: plan.caller.number,
      agentNumber: dial.answered?.phone ?? null,
      calledFrom: DEMO_SERVICE_NUMBER,
      geolocation: plan.caller.place,
      customFields: plan.customFields,
      creditsCharged: plan.status === 'successful' ? 1 : 0,
      trafficSourceId: sources.get(plan.request)?.trafficSourceId ?? null,
      landingPage: sources.get(plan.request)?.landingPage ?? null,
      createdAt: plan.at,
    });
    const legs: Leg[] = [...dial.legs];
    if (dial.answered) {
      const ringOffset = Math.max(...dial.legs.map((leg) => leg.startOffset + leg.seconds));
      const customerStatus = plan.status === 'successful' ? 'completed' : plan.status;
      legs.push({ target: 'customer', agentId: null, to: plan.caller.number, status: customerStatus, startOffset: ringOffset, seconds: duration || random.int(8, 30) });
    }
    for (const leg of legs) {
      const startedAt = new Date(plan.at.getTime() + leg.startOffset * 1000);
      legRows.push({
        callId: id,
        target: leg.target,
        agentId: leg.agentId,
        providerSid: `CA${random.string(32, '0123456789abcdef')}`,
        status: leg.status,
        metadata: { to: leg.to, from: DEMO_SERVICE_NUMBER },
        startedAt,
        endedAt: new Date(startedAt.getTime() + leg.seconds * 1000),
        createdAt: startedAt,
      });
    }
    if (plan.status === 'successful') {
      recordingRows.push({ callId: id, storageKey: synthesizedRecordingKey(id), duration, createdAt: new Date(plan.at.getTime() + duration * 1000) });
      charged.push({ id, at: plan.at });
    }
  });

  const scheduledRows = scheduled.map((plan) => {
    const { widget } = plan.request;
    const past = plan.at < now;
    const agent = answeredBy.get(plan) ?? widget.agents[0] ?? null;
    return {
      id: scheduledIdOf.get(plan)!,
      userId,
      websiteId: widget.websiteId,
      widgetId: widget.id,
      agentId: widget.agents.length > 0 ? agent?.id ?? null : null,
      customerNumber: plan.caller.number,
      scheduledAt: plan.at,
      status: plan.canceled ? ('canceled' as const) : !past ? ('pending' as const) : plan.status === 'successful' ? ('completed' as const) : ('failed' as const),
      customFields: plan.customFields,
      trafficSourceId: sources.get(plan.request)?.trafficSourceId ?? null,
      landingPage: sources.get(plan.request)?.landingPage ?? null,
      attempts: plan.canceled || !past ? 0 : plan.status === 'successful' ? 1 : 3,
      createdAt: plan.request.at,
      updatedAt: past ? plan.at : plan.request.at,
    };
  });

  await insertInBatches(db, scheduledCalls, scheduledRows);
  await insertInBatches(db, calls, callRows);
  await insertInBatches(db, twilioCallLegs, legRows);
  await insertInBatches(db, callRecordings, recordingRows);
  return { charged, calls: callRows.length, upcoming: scheduledRows.filter((row) => row.status === 'pending').length };
}

/**
 * The legs the widget's calling rule dials (reference data: 1 all at once, 2 one by one,
 * 3 a random agent) and who answered. A missed call is one no agent picked up; busy and
 * no-answer calls reached an agent but not the customer.
 */
function dialPlan(random: SeededRandom, widget: ToolboxWidget, hotline: ToolboxAgent, status: Status) {
  const answers = status !== 'missed';
  const ring = () => random.int(6, 22);
  const agentLeg = (agent: ToolboxAgent, legStatus: string, startOffset: number): Leg => ({
    target: 'agent',
    agentId: agent.id,
    to: agent.phone,
    status: legStatus,
    startOffset,
    seconds: ring(),
  });
  if (widget.agents.length === 0) {
    return { legs: [agentLeg(hotline, answers ? 'completed' : 'no-answer', 1)], answered: answers ? hotline : null };
  }
  const rule = widget.demo.callingRuleId;
  if (rule === 1) {
    const answered = answers ? random.pick(widget.agents) : null;
    return {
      legs: widget.agents.map((agent) => agentLeg(agent, answered === null ? 'no-answer' : agent === answered ? 'completed' : 'canceled', 1)),
      answered,
    };
  }
  if (rule === 2) {
    const legs: Leg[] = [];
    let offset = 1;
    for (const [position, agent] of widget.agents.entries()) {
      const picksUp = answers && (position === widget.agents.length - 1 || random.chance(0.65));
      const leg = agentLeg(agent, picksUp ? 'completed' : 'no-answer', offset);
      legs.push(leg);
      if (picksUp) return { legs, answered: agent };
      offset += leg.seconds + 2;
    }
    return { legs, answered: null };
  }
  const agent = random.pick(widget.agents);
  return { legs: [agentLeg(agent, answers ? 'completed' : 'no-answer', 1)], answered: answers ? agent : null };
}

/** A callback slot on a quarter hour of a working day (Mon–Sat, 13:00–21:45 UTC), 2 hours to 5 days later. */
function callbackTime(random: SeededRandom, requestedAt: Date): Date {
  const slot = new Date(requestedAt.getTime() + random.int(2 * 60, 5 * 24 * 60) * 60_000);
  if (slot.getUTCHours() < 13) slot.setUTCHours(13 + random.int(0, 3));
  if (slot.getUTCHours() > 21) {
    slot.setTime(slot.getTime() + DAY_MS);
    slot.setUTCHours(13 + random.int(0, 4));
  }
  if (slot.getUTCDay() === 0) slot.setTime(slot.getTime() + DAY_MS);
  slot.setUTCMinutes(random.pick([0, 15, 30, 45]), 0, 0);
  return slot;
}

function customFields(random: SeededRandom): CustomFields {
  return {
    customField1: random.chance(0.9) ? random.pick(DEMO_REQUESTS) : null,
    customField2: random.chance(0.7) ? random.pick(DEMO_ZIP_CODES) : null,
    customField3: random.chance(0.25) ? random.pick(DEMO_NOTES) : null,
  };
}

/** Who calls: new people from around the metro area, and now and then someone calling again. */
class Callers {
  readonly #random: SeededRandom;
  readonly #seen: { number: string; place: { country: string; region: string; city: string } | null }[] = [];

  constructor(random: SeededRandom) {
    this.#random = random;
  }

  next() {
    const random = this.#random;
    if (this.#seen.length > 20 && random.chance(0.12)) return random.pick(this.#seen);
    const place = random.weighted(DEMO_PLACES.map((candidate) => [candidate, candidate.weight] as const));
    // 555-01xx numbers are set aside for fiction: none of them rings anyone.
    const number = `+1${random.pick(place.areaCodes)}55501${String(random.int(0, 99)).padStart(2, '0')}`;
    // Now and then the lookup finds no place for a number.
    const caller = { number, place: random.chance(0.03) ? null : { country: place.country, region: place.region, city: place.city } };
    this.#seen.push(caller);
    return caller;
  }
}
