import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { agents, websites, widgets } from '../db/schema/toolbox.ts';
import { createAgent } from '../domain/agents/agents.ts';
import { createWebsite } from '../domain/websites/websites.ts';
import { defaultNotifications, defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { saveWidget } from '../domain/widgets/widgets.ts';
import {
  DEMO_AGENTS,
  DEMO_CUSTOM_FIELD_LABELS,
  DEMO_HOTLINE_NUMBER,
  DEMO_WEBSITES,
  DEMO_WIDGETS,
  type DemoAgent,
  type DemoWebsite,
  type DemoWidget,
} from './demoBusiness.ts';

export interface ToolboxAgent {
  id: number;
  phone: string;
}

export interface ToolboxWidget {
  id: number;
  websiteId: number;
  typeId: number;
  name: string;
  demo: DemoWidget;
  website: DemoWebsite & { id: number };
  /** The agents it rings, in order; empty when it rings the hotline. */
  agents: ToolboxAgent[];
}

export interface DemoToolbox {
  websites: (DemoWebsite & { id: number })[];
  agents: Map<string, ToolboxAgent>;
  /** The placeholder agent behind the hotline number. */
  hotline: ToolboxAgent;
  widgets: ToolboxWidget[];
}

/**
 * The demo's websites, agents and widgets, made through the same domain functions as the API
 * (so they pass the same rules), then dated back to when the account opened.
 */
export async function createDemoToolbox(db: Database, userId: number, openedAt: Date): Promise<DemoToolbox> {
  const siteRows: (DemoWebsite & { id: number })[] = [];
  for (const site of DEMO_WEBSITES) siteRows.push({ ...site, id: (await createWebsite(db, userId, site.domain)).id });

  const agentRows = new Map<string, ToolboxAgent>();
  for (const agent of DEMO_AGENTS) {
    const created = await createAgent(db, userId, { name: agent.name, phone: agent.phone, isActive: agent.isActive, isVerified: true, availability: { activeHours: weeklyHours(agent) } });
    agentRows.set(agent.key, { id: created.id, phone: created.phone });
  }
  // spec §4: a widget that rings one number keeps it as a placeholder agent (null name, not regular).
  const hotlineAgent = await createAgent(db, userId, { name: null, phone: DEMO_HOTLINE_NUMBER, isRegular: false, isVerified: true });
  const hotline = { id: hotlineAgent.id, phone: hotlineAgent.phone };

  const widgetRows: ToolboxWidget[] = [];
  // Created oldest first, so the list (newest first) shows the active widgets above the old one.
  for (const demo of [...DEMO_WIDGETS].sort((a, b) => Number(a.isActive) - Number(b.isActive))) {
    const website = siteRows.find((site) => site.key === demo.website)!;
    const widgetAgents = demo.agents.map((key) => agentRows.get(key)!);
    const saved = await saveWidget(db, userId, {
      name: demo.name,
      typeId: demo.typeId,
      websiteId: website.id,
      isActive: demo.isActive,
      callingRuleId: demo.callingRuleId,
      agentIds: widgetAgents.map((agent) => agent.id),
      notifications: { ...defaultNotifications(), email: { isActive: true, value: 'office@lakesidehomeservices.com' } },
      settings: widgetConfiguration(demo),
    });
    widgetRows.push({ id: saved.id, websiteId: website.id, typeId: demo.typeId, name: demo.name, demo, website, agents: widgetAgents });
  }

  await backdate(db, userId, openedAt, widgetRows);
  return { websites: siteRows, agents: agentRows, hotline, widgets: widgetRows };
}

function weeklyHours(agent: DemoAgent) {
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
  return days.map((day) => {
    const frames = agent.hours[day] ?? [];
    return { day, isActive: frames.length > 0, times: frames.map(([from, to]) => ({ from, to })) };
  });
}

/** The spec §9 defaults, with the schedule form asking three questions and per-type behaviour. */
function widgetConfiguration(demo: DemoWidget) {
  const configuration = defaultWidgetConfiguration(demo.agents.length === 0 ? DEMO_HOTLINE_NUMBER : null);
  const timed = demo.typeId === 2;
  configuration.settings = {
    ...configuration.settings,
    // Timing applies to the timed popup only (contract WidgetSettings).
    showsAfter: timed ? 20 : null,
    repeatAfter: timed ? 180 : null,
    displaysPerVisit: timed ? 2 : null,
    useSchedule: demo.typeId === 1,
    showScheduleForm: { duringWorkingHours: true, outsideWorkingHours: true },
  };
  configuration.globalSetup = {
    ...configuration.globalSetup,
    layout: demo.typeId === 1 ? 'Horizontal' : 'Vertical',
    floatingIcon: { ...configuration.globalSetup.floatingIcon, position: demo.website === 'hvac' ? 'left' : 'right' },
  };
  const [field1, field2, field3] = DEMO_CUSTOM_FIELD_LABELS;
  configuration.scheduleSetup = {
    ...configuration.scheduleSetup,
    customField1: { isActive: true, text: field1 },
    customField2: { isActive: true, text: field2 },
    customField3: { isActive: true, text: field3 },
  };
  return configuration;
}

/** The toolbox existed from the account's first days: creation times follow the opening. */
async function backdate(db: Database, userId: number, openedAt: Date, widgetRows: ToolboxWidget[]) {
  const minutes = (count: number) => new Date(openedAt.getTime() + count * 60_000);
  await db.update(websites).set({ createdAt: minutes(5) }).where(eq(websites.userId, userId));
  await db.update(agents).set({ createdAt: minutes(12), updatedAt: minutes(12) }).where(eq(agents.userId, userId));
  await db
    .update(widgets)
    .set({ createdAt: minutes(20), updatedAt: minutes(20) })
    .where(
      inArray(
        widgets.id,
        widgetRows.filter((widget) => widget.demo.isActive).map((widget) => widget.id),
      ),
    );
  // The old icon came first and was switched off when "Call us now" replaced it.
  await db
    .update(widgets)
    .set({ createdAt: minutes(18), updatedAt: minutes(21) })
    .where(
      inArray(
        widgets.id,
        widgetRows.filter((widget) => !widget.demo.isActive).map((widget) => widget.id),
      ),
    );
}
