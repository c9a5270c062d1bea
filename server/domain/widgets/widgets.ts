import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../common/contract/dashboard.gen.ts';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { callingRules, widgetTypes } from '../../db/schema/reference.ts';
import { agents, websites, widgetAgents, widgets } from '../../db/schema/toolbox.ts';
import { findOwnAgents, toAgentView, type AgentView } from '../agents/agents.ts';
import { invalidInput, notFoundRow } from '../domainError.ts';
import { findOwnWebsite } from '../websites/websites.ts';
import { claimActiveSlot } from './widgetActivation.ts';
import { readCallDestinations } from '../callEngine/callDestinations.ts';
import type { DialledNumberRules } from '../agents/phone.ts';
import { checkWidgetRules } from './widgetRules.ts';

type Schemas = components['schemas'];

/** The contract's WidgetInput; the fields with defaults there may be omitted here too. */
export type WidgetInput = Omit<Schemas['WidgetInput'], 'callingRuleId' | 'agentIds' | 'isActive'> &
  Partial<Pick<Schemas['WidgetInput'], 'callingRuleId' | 'agentIds' | 'isActive'>>;

/**
 * A widget as the contract's `Widget` answers it, related rows expanded; its times are Dates
 * here, written as date-time strings when the answer is serialized.
 */
export type WidgetView = Omit<Schemas['Widget'], 'agents' | 'createdAt' | 'updatedAt'> & {
  agents: AgentView[];
  createdAt: Date;
  updatedAt: Date;
};

/** The caller's widgets, newest first (spec §4: "A created widget goes to the top of the list"). */
export async function listWidgets(db: Database, userId: number): Promise<WidgetView[]> {
  return loadWidgetViews(db, userId);
}

/**
 * Creates a widget of the caller, or replaces widget `widgetId` whole. In one transaction:
 * checks the references (type and calling rule exist: `invalid_request`; website and agents
 * are the caller's: `not_found`), switches off the other widget of the same type on the same
 * website when this one is active (spec §4, widgetActivation.ts), writes the widget and its
 * ordered agent links. Settings are stored as sent.
 */
export async function saveWidget(db: Database, userId: number, input: WidgetInput, widgetId?: number, rules: DialledNumberRules = {}): Promise<WidgetView> {
  checkWidgetRules(input, (await readCallDestinations(db, userId)).homeCountry, rules);
  const agentIds = input.agentIds ?? [];
  const values = {
    name: input.name,
    typeId: input.typeId,
    websiteId: input.websiteId,
    callingRuleId: input.callingRuleId ?? null,
    isActive: input.isActive ?? true,
    notifications: input.notifications,
    settings: input.settings,
  };
  const savedId = await db.transaction(async (tx) => {
    await checkReferenceRows(tx, values);
    if (values.isActive) await claimActiveSlot(tx, userId, { websiteId: values.websiteId, typeId: values.typeId, widgetId });
    else await findOwnWebsite(tx, userId, values.websiteId);
    await findOwnAgents(tx, userId, agentIds);

    let id: number;
    if (widgetId === undefined) {
      const [created] = await tx.insert(widgets).values({ userId, ...values }).returning({ id: widgets.id });
      id = created!.id;
    } else {
      const [updated] = await tx
        .update(widgets)
        .set(values)
        .where(and(eq(widgets.id, widgetId), eq(widgets.userId, userId)))
        .returning({ id: widgets.id });
      if (!updated) throw notFoundRow('widget');
      id = updated.id;
      await tx.delete(widgetAgents).where(eq(widgetAgents.widgetId, id));
    }
    if (agentIds.length > 0) {
      await tx.insert(widgetAgents).values(agentIds.map((agentId, position) => ({ widgetId: id, agentId, position })));
    }
    return id;
  });
  const [view] = await loadWidgetViews(db, userId, savedId);
  return view!;
}

/** Deletes one of the caller's widgets and its agent links; past calls keep its name (calls.widgetName). */
export async function deleteWidget(db: Database, userId: number, widgetId: number): Promise<void> {
  const deleted = await db
    .delete(widgets)
    .where(and(eq(widgets.id, widgetId), eq(widgets.userId, userId)))
    .returning({ id: widgets.id });
  if (deleted.length === 0) throw notFoundRow('widget');
}

async function checkReferenceRows(tx: Database, values: { typeId: number; callingRuleId: number | null }) {
  const [type] = await tx.select({ id: widgetTypes.id }).from(widgetTypes).where(eq(widgetTypes.id, values.typeId));
  if (!type) throw invalidInput(`Field typeId is not one of the widget types.`);
  if (values.callingRuleId !== null) {
    const [rule] = await tx.select({ id: callingRules.id }).from(callingRules).where(eq(callingRules.id, values.callingRuleId));
    if (!rule) throw invalidInput(`Field callingRuleId is not one of the calling rules.`);
  }
}

const widgetRowsOf = preparedPerDatabase((db) =>
  db
    .select({ widget: widgets, websiteUrl: websites.domain, widgetType: widgetTypes, callingRule: callingRules })
    .from(widgets)
    .innerJoin(websites, eq(websites.id, widgets.websiteId))
    .innerJoin(widgetTypes, eq(widgetTypes.id, widgets.typeId))
    .leftJoin(callingRules, eq(callingRules.id, widgets.callingRuleId))
    .where(eq(widgets.userId, sql.placeholder('userId')))
    .orderBy(desc(widgets.createdAt), desc(widgets.id))
    .prepare('widget_rows_of_user'),
);

const agentLinksOf = preparedPerDatabase((db) =>
  db
    .select({ widgetId: widgetAgents.widgetId, agent: agents })
    .from(widgetAgents)
    .innerJoin(widgets, eq(widgets.id, widgetAgents.widgetId))
    .innerJoin(agents, eq(agents.id, widgetAgents.agentId))
    .where(eq(widgets.userId, sql.placeholder('userId')))
    .orderBy(asc(widgetAgents.widgetId), asc(widgetAgents.position))
    .prepare('widget_agent_links_of_user'),
);

/** The caller's widgets (or the one with `onlyId`) with type, website, calling rule and agents. */
async function loadWidgetViews(db: Database, userId: number, onlyId?: number): Promise<WidgetView[]> {
  // Two statements prepared once (issue 17: the list is what a signed-in client asks most); a
  // client's widgets are few, so the one just saved is picked from them.
  const all = await widgetRowsOf(db).execute({ userId });
  const rows = onlyId === undefined ? all : all.filter((row) => row.widget.id === onlyId);
  if (rows.length === 0) return [];
  const links = await agentLinksOf(db).execute({ userId });
  const agentsByWidget = new Map<number, AgentView[]>();
  for (const link of links) {
    const list = agentsByWidget.get(link.widgetId) ?? [];
    list.push(toAgentView(link.agent));
    agentsByWidget.set(link.widgetId, list);
  }

  return rows.map(({ widget, websiteUrl, widgetType, callingRule }) => {
    const widgetAgentsList = agentsByWidget.get(widget.id) ?? [];
    return {
      id: widget.id,
      name: widget.name,
      typeId: widget.typeId,
      websiteId: widget.websiteId,
      callingRuleId: widget.callingRuleId,
      agentIds: widgetAgentsList.map((agent) => agent.id),
      isActive: widget.isActive,
      widgetType,
      websiteUrl,
      callingRule,
      agents: widgetAgentsList,
      notifications: widget.notifications as unknown as Schemas['WidgetNotifications'],
      settings: widget.settings as unknown as Schemas['WidgetConfiguration'],
      createdAt: widget.createdAt,
      updatedAt: widget.updatedAt,
    };
  });
}
