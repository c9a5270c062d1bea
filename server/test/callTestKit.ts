// Test-only helpers of the call machinery's suites (callRequests.test.ts, the scheduled-calls
// worker's tests): an account with a website and an active widget, and fast telephony.
import { eq } from 'drizzle-orm';
import { CallSimulator, type CallSimulatorOptions } from '../adapters/telephony/callSimulator.ts';
import type { Database } from '../db/client.ts';
import { credits } from '../db/schema/billing.ts';
import { type AvailabilityDay, agents, widgetAgents, widgets } from '../db/schema/toolbox.ts';
import { createAccount } from './accounts.ts';
import { insertWebsite } from './callFixtures.ts';
import { defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { type CallLog, type CallRequestDeps, type Clock, createCallRequestDeps, systemClock } from '../domain/callEngine/callRequestDeps.ts';

/** 100 000× real time: a minute between tries lasts 0.6 ms, a 2-minute call about 2 ms. */
export const FAST = 100_000;

export const quietLog: CallLog & { errors: unknown[] } = {
  errors: [],
  info: () => undefined,
  warn: () => undefined,
  error(object) {
    this.errors.push(object);
  },
};

export function fastDeps(options: Partial<CallSimulatorOptions> & { clock?: Clock; duplicateWindowSeconds?: number } = {}): CallRequestDeps {
  const clock = options.clock ?? systemClock;
  return createCallRequestDeps({
    telephony: new CallSimulator({ speed: FAST, now: () => clock.now(), ...options }),
    log: quietLog,
    clock,
    duplicateWindowSeconds: options.duplicateWindowSeconds,
  });
}

/** A clock standing at `at` (moved by tests); sleeping passes no time on it. */
export function fixedClock(at: Date): Clock & { at: Date } {
  return {
    at,
    now() {
      return new Date(this.at);
    },
    sleep: (ms) => systemClock.sleep(Math.min(ms, 5)),
  };
}

export interface WidgetSetup {
  useAgents?: boolean;
  callingRuleId?: number;
  agents?: { phone: string; isActive?: boolean; availability?: AvailabilityDay[] }[];
  numberOfTries?: number;
  minutesBetweenTries?: number;
  useSchedule?: boolean;
  activeHours?: AvailabilityDay[];
  showScheduleForm?: { duringWorkingHours: boolean; outsideWorkingHours: boolean };
  isActive?: boolean;
}

/** An account (20 credits, Europe/London), a website and one widget calling its single number or its agents. */
export async function accountWithWidget(db: Database, setup: WidgetSetup = {}) {
  const account = await createAccount(db);
  const website = await insertWebsite(db, account.id);
  const configuration = defaultWidgetConfiguration(setup.useAgents ? null : '+14155550123');
  const general = configuration.settings;
  general.numberOfTries = setup.numberOfTries ?? 3;
  general.minutesBetweenTries = setup.minutesBetweenTries ?? 1;
  general.useSchedule = setup.useSchedule ?? false;
  if (setup.activeHours) general.activeHours = setup.activeHours as typeof general.activeHours;
  if (setup.showScheduleForm) general.showScheduleForm = setup.showScheduleForm;
  const [widget] = await db
    .insert(widgets)
    .values({
      userId: account.id,
      websiteId: website.id,
      typeId: 3,
      name: 'Floating icon',
      isActive: setup.isActive ?? true,
      callingRuleId: setup.useAgents ? (setup.callingRuleId ?? 1) : null,
      settings: configuration as unknown as Record<string, unknown>,
    })
    .returning();
  const agentIds: number[] = [];
  for (const [position, agent] of (setup.agents ?? []).entries()) {
    const [row] = await db
      .insert(agents)
      .values({ userId: account.id, name: `Agent ${position + 1}`, phone: agent.phone, isActive: agent.isActive ?? true, availability: agent.availability ?? [] })
      .returning();
    await db.insert(widgetAgents).values({ widgetId: widget!.id, agentId: row!.id, position });
    agentIds.push(row!.id);
  }
  return {
    account,
    userId: account.id,
    websiteId: website.id,
    widgetId: widget!.id,
    publicKey: website.publicKey,
    agentIds,
    request: (customerNumber = '+15005550004') => ({
      userId: account.id,
      websiteId: website.id,
      widgetId: widget!.id,
      customerNumber,
      url: `https://${website.domain}/pricing`,
      visitor: { address: '203.0.113.7' },
    }),
  };
}

export async function balanceOf(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ credits: credits.credits }).from(credits).where(eq(credits.userId, userId));
  return row!.credits;
}

/** Every day inactive: nobody is ever available / the widget never open. */
export const NEVER: AvailabilityDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
  day,
  isActive: false,
  times: [],
}));
