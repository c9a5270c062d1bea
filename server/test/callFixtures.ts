import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { dailyUsage, dailyWidgetUsage } from '../db/schema/analytics.ts';
import { callRecordings, calls, type CustomFields, scheduledCalls, twilioCallLegs } from '../db/schema/calls.ts';
import { agents, websites, widgets } from '../db/schema/toolbox.ts';
import { synthesizedRecordingKey } from '../domain/callEngine/synthesizedRecording.ts';

// Rows for the calls, scheduled-calls and analytics tests, inserted straight into the database:
// these tests are about reading them back, not about how widgets and the telephony write them.

let serial = 0;
const next = () => `${process.pid.toString(36)}${Date.now().toString(36)}${(serial += 1)}`;

export async function insertWebsite(db: Database, userId: number, domain = `site-${next()}.example.com`) {
  const [row] = await db.insert(websites).values({ userId, domain, publicKey: randomBytes(18).toString('base64url') }).returning();
  return row!;
}

export async function insertWidget(db: Database, userId: number, websiteId: number, options: { typeId?: number; name?: string; isActive?: boolean } = {}) {
  const [row] = await db
    .insert(widgets)
    .values({ userId, websiteId, typeId: options.typeId ?? 1, name: options.name ?? `Widget ${next()}`, isActive: options.isActive ?? false })
    .returning();
  return row!;
}

export async function insertAgent(db: Database, userId: number, options: { name?: string | null; phone?: string } = {}) {
  const [row] = await db
    .insert(agents)
    .values({ userId, name: options.name === undefined ? 'Grace Hopper' : options.name, phone: options.phone ?? '+12025550143' })
    .returning();
  return row!;
}

export interface CallFixture {
  userId: number;
  widget: { id: number; websiteId: number; typeId: number; name: string };
  createdAt?: Date;
  type?: 'instant' | 'scheduled';
  status?: 'successful' | 'missed' | 'busy' | 'no-answer';
  duration?: number;
  customerNumber?: string;
  agentId?: number | null;
  agentNumber?: string | null;
  url?: string | null;
  geolocation?: { country?: string; region?: string; city?: string } | null;
  customFields?: CustomFields;
  recording?: boolean;
  legs?: { target: 'agent' | 'customer'; agentId?: number | null; to: string }[];
}

/** A call with, optionally, its recording and telephony legs. */
export async function insertCall(db: Database, fixture: CallFixture) {
  const [call] = await db
    .insert(calls)
    .values({
      userId: fixture.userId,
      convertId: `CV-${next()}`,
      websiteId: fixture.widget.websiteId,
      widgetId: fixture.widget.id,
      widgetName: fixture.widget.name,
      widgetTypeId: fixture.widget.typeId,
      agentId: fixture.agentId ?? null,
      type: fixture.type ?? 'instant',
      status: fixture.status ?? 'successful',
      duration: fixture.duration ?? 0,
      url: fixture.url === undefined ? 'https://shop.example.com/pricing' : fixture.url,
      customerNumber: fixture.customerNumber ?? '+14155550123',
      agentNumber: fixture.agentNumber ?? null,
      geolocation: fixture.geolocation === undefined ? { country: 'United States', region: 'California', city: 'San Francisco' } : fixture.geolocation,
      customFields: fixture.customFields ?? {},
      createdAt: fixture.createdAt ?? new Date(),
    })
    .returning();
  if (fixture.recording) {
    await db.insert(callRecordings).values({ callId: call!.id, storageKey: synthesizedRecordingKey(call!.id), duration: call!.duration });
  }
  for (const leg of fixture.legs ?? []) {
    await db.insert(twilioCallLegs).values({ callId: call!.id, target: leg.target, agentId: leg.agentId ?? null, status: 'completed', metadata: { to: leg.to } });
  }
  return call!;
}

export async function insertScheduledCall(
  db: Database,
  fixture: {
    userId: number;
    widget: { id: number; websiteId: number };
    scheduledAt: Date;
    agentId?: number | null;
    status?: 'pending' | 'in-progress' | 'completed' | 'failed' | 'canceled';
    customFields?: CustomFields;
    customerNumber?: string;
  },
) {
  const [row] = await db
    .insert(scheduledCalls)
    .values({
      userId: fixture.userId,
      websiteId: fixture.widget.websiteId,
      widgetId: fixture.widget.id,
      agentId: fixture.agentId ?? null,
      customerNumber: fixture.customerNumber ?? '+13125550142',
      scheduledAt: fixture.scheduledAt,
      status: fixture.status ?? 'pending',
      customFields: fixture.customFields ?? {},
    })
    .returning();
  return row!;
}

export async function insertPageViews(db: Database, row: { userId: number; websiteId: number; day: string; pageViews: number }) {
  await db.insert(dailyUsage).values(row);
}

export async function insertWidgetUsage(
  db: Database,
  row: { userId: number; websiteId: number; widgetTypeId: number; day: string; widgetViews: number; clicks: number },
) {
  // Upsert: the calls of the day may have created the row already (their counters, migration 0004).
  await db
    .insert(dailyWidgetUsage)
    .values(row)
    .onConflictDoUpdate({
      target: [dailyWidgetUsage.websiteId, dailyWidgetUsage.widgetTypeId, dailyWidgetUsage.day],
      set: { widgetViews: row.widgetViews, clicks: row.clicks },
    });
}
