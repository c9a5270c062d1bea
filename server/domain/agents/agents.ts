import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js/max';
import type { Database } from '../../db/client.ts';
import { agents, type AvailabilityDay } from '../../db/schema/toolbox.ts';
import { invalidInput, notFoundRow } from '../domainError.ts';
import { readCallDestinations } from '../callEngine/callDestinations.ts';
import { type DialledNumberRules, normalizeDialledPhone } from './phone.ts';
import { checkWeeklyHours } from './weeklyHours.ts';

/** The contract's AgentInput; omitted fields take the spec §4 defaults (see agentDefaults). */
export interface AgentInput {
  name?: string | null;
  phone: string;
  availability?: { activeHours: AvailabilityDay[] };
  isActive?: boolean;
  isVerified?: boolean;
  isRegular?: boolean;
}

/** An agent as the contract's `Agent` answers it. */
export interface AgentView {
  id: number;
  name: string | null;
  phone: string;
  availability: { activeHours: AvailabilityDay[] };
  isActive: boolean;
  isVerified: boolean;
  isRegular: boolean;
}

type AgentRow = typeof agents.$inferSelect;

/** spec §4 Agents: "Defaults on create/update: availability empty, isVerified false, isActive true, isRegular true". */
export const agentDefaults: Required<Omit<AgentInput, 'phone'>> = {
  name: null,
  availability: { activeHours: [] },
  isActive: true,
  isVerified: false,
  isRegular: true,
};

export function toAgentView(row: AgentRow): AgentView {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    availability: { activeHours: row.availability },
    isActive: row.isActive,
    isVerified: row.isVerified,
    isRegular: row.isRegular,
  };
}

/**
 * Every agent of the caller, regular and placeholder alike, oldest first; the SPA splits them by
 * name (spec §4 Agents).
 */
export async function listAgents(db: Database, userId: number): Promise<AgentView[]> {
  const rows = await db.select().from(agents).where(eq(agents.userId, userId)).orderBy(asc(agents.id));
  return rows.map(toAgentView);
}

/** The column values of an agent input: defaults applied, phone stripped, rules checked. */
function agentValues(input: AgentInput, homeCountry: CountryCode, rules: DialledNumberRules) {
  const values = {
    name: input.name ?? agentDefaults.name,
    availability: input.availability ?? agentDefaults.availability,
    isActive: input.isActive ?? agentDefaults.isActive,
    isVerified: input.isVerified ?? agentDefaults.isVerified,
    isRegular: input.isRegular ?? agentDefaults.isRegular,
  };
  const name = values.name === null ? null : values.name.trim();
  if (name !== null && (name.length < 5 || name.length > 50)) {
    throw invalidInput('Field name must be 5 to 50 characters long.');
  }
  // spec §3: "Agents with a null name are kept separately as placeholder (fake, non-regular) agents".
  if (name === null && values.isRegular) {
    throw invalidInput('Field name is required for a regular agent; a placeholder agent has isRegular false.');
  }
  const activeHours = values.availability.activeHours;
  checkWeeklyHours(activeHours, 'availability.activeHours', { requireActiveDay: true });
  return {
    name,
    phone: normalizeDialledPhone(input.phone, homeCountry, 'phone', rules),
    availability: activeHours,
    isActive: values.isActive,
    isVerified: values.isVerified,
    isRegular: values.isRegular,
  };
}

/** Creates an agent of the caller (Save Agent, and the wizard's number-only path, spec §4). */
export async function createAgent(db: Database, userId: number, input: AgentInput, rules: DialledNumberRules = {}): Promise<AgentView> {
  const [created] = await db
    .insert(agents)
    .values({ userId, ...agentValues(input, (await readCallDestinations(db, userId)).homeCountry, rules) })
    .returning();
  return toAgentView(created!);
}

/**
 * Replaces one of the caller's agents whole (the Edit form and the Active switch, which sends
 * the full body); omitted fields take the defaults again. `not_found` for another's agent.
 */
export async function updateAgent(db: Database, userId: number, agentId: number, input: AgentInput, rules: DialledNumberRules = {}): Promise<AgentView> {
  const [updated] = await db
    .update(agents)
    .set(agentValues(input, (await readCallDestinations(db, userId)).homeCountry, rules))
    .where(and(eq(agents.id, agentId), eq(agents.userId, userId)))
    .returning();
  if (!updated) throw notFoundRow('agent');
  return toAgentView(updated);
}

/** Creates the agent, or replaces agent `agentId` when given: one entry point for the demo seed. */
export function saveAgent(db: Database, userId: number, input: AgentInput, agentId?: number): Promise<AgentView> {
  return agentId === undefined ? createAgent(db, userId, input) : updateAgent(db, userId, agentId, input);
}

/**
 * Deletes one of the caller's agents. Its widget links go with it (widget_agents cascades), so
 * each widget keeps its other agents; a widget left with useAgents and no agent stays as it is
 * and rings nobody until it is edited (the wizard then asks for an agent, spec §5). Past calls
 * keep their rows with no agent.
 */
export async function deleteAgent(db: Database, userId: number, agentId: number): Promise<void> {
  const deleted = await db
    .delete(agents)
    .where(and(eq(agents.id, agentId), eq(agents.userId, userId)))
    .returning({ id: agents.id });
  if (deleted.length === 0) throw notFoundRow('agent');
}

/** The caller's agents with these ids, in the order of `agentIds`; `not_found` if any is not theirs. */
export async function findOwnAgents(db: Database, userId: number, agentIds: readonly number[]): Promise<AgentView[]> {
  if (agentIds.length === 0) return [];
  const rows = await db
    .select()
    .from(agents)
    .where(and(eq(agents.userId, userId), inArray(agents.id, [...agentIds])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return agentIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFoundRow('agent');
    return toAgentView(row);
  });
}
