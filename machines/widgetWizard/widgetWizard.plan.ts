import { usesTimedFields } from './widgetWizard.change.ts';
import { ALL_WIDGET_TYPES, type WidgetConfiguration, type WidgetDraft } from './widgetWizard.draft.ts';

import type { AgentPlan, NamedReference, SavePlan, StoredWidget, WidgetBody, WizardAgent, WizardWebsite } from './widgetWizard.types.ts';
import { normalizeDomain } from '../../common/rules/domainName.ts';
import { stripPhone } from '../../common/rules/phone.ts';
import { displayRulesOf } from './widgetWizard.displayRules.ts';

/**
 * The submit orchestration of spec §4 Widget wizard as pure planning: the machine asks these
 * what to do and its invoked actors do it.
 */

/** The caller's website with the domain the client typed (compared as the server normalizes it), if any. */
export function findWebsite(websites: readonly WizardWebsite[], websiteUrl: string): WizardWebsite | null {
  const domain = normalizeDomain(websiteUrl);
  return websites.find((website) => website.domain === domain) ?? null;
}

/**
 * spec §4: "If agents are used, ids come from the chosen names. If only a number is entered, an
 * existing agent or placeholder agent with that phone is reused (an existing regular agent turns
 * on useAgents), otherwise a new non-regular, unverified, active agent is created." A regular
 * agent is preferred over a placeholder with the same phone.
 */
export function planAgent(draft: WidgetDraft, agents: readonly WizardAgent[]): AgentPlan {
  if (draft.settings.settings.useAgents) return { kind: 'agents' };
  const phone = stripPhone(draft.settings.settings.agentNumber ?? '');
  const matching = agents.filter((agent) => stripPhone(agent.phone) === phone);
  const agent = matching.find((candidate) => candidate.isRegular) ?? matching[0];
  return agent ? { kind: 'reuse', agent } : { kind: 'create', phone };
}

/**
 * The draft as it is saved once the agent is known: a regular agent turns useAgents on with that
 * agent (and the chosen or first calling rule); a placeholder agent takes the calls of the
 * number. With agents, only ids of agents that still exist are kept.
 */
export function resolveAgent(
  draft: WidgetDraft,
  agent: WizardAgent | null,
  agents: readonly WizardAgent[],
  callingRules: readonly NamedReference[],
): WidgetDraft {
  const general = draft.settings.settings;
  if (general.useAgents || !agent) {
    const known = new Set(agents.map((candidate) => candidate.id));
    return { ...draft, agentIds: draft.agentIds.filter((id) => known.has(id)) };
  }
  if (agent.isRegular) {
    return {
      ...draft,
      agentIds: [agent.id],
      callingRuleId: draft.callingRuleId ?? callingRules[0]?.id ?? null,
      settings: { ...draft.settings, settings: { ...general, useAgents: true, agentNumber: null } },
    };
  }
  return {
    ...draft,
    agentIds: [agent.id],
    callingRuleId: null,
    settings: { ...draft.settings, settings: { ...general, agentNumber: stripPhone(general.agentNumber ?? '') } },
  };
}

/** The configuration as sent: cleared sides are null, disclaimers keep only safe anchors (spec §5). */
function configurationFor(
  draft: WidgetDraft,
  typeId: number,
  widgetTypes: readonly NamedReference[],
  sanitizeHtml: (html: string) => string,
): WidgetConfiguration {
  const general = draft.settings.settings;
  const timed = usesTimedFields(typeId, widgetTypes);
  const callerId = stripPhone(general.customCallerId.value ?? '');
  const sanitize = <T extends { text: string }>(block: T): T => ({ ...block, text: sanitizeHtml(block.text) });
  return {
    ...draft.settings,
    settings: {
      ...general,
      agentNumber: general.useAgents || isEmpty(general.agentNumber) ? null : stripPhone(general.agentNumber ?? ''),
      // spec §3: the timing fields are the Timed popup's; null for the other types.
      showsAfter: timed ? general.showsAfter : null,
      repeatAfter: timed ? general.repeatAfter : null,
      displaysPerVisit: timed ? general.displaysPerVisit : null,
      customCallerId: { value: callerId === '' ? null : callerId },
      waitingAudio: { ...general.waitingAudio, url: isEmpty(general.waitingAudio.url) ? null : general.waitingAudio.url },
      // Issue 18: the call flow is always sent, so a widget saved before it keeps what it showed.
      agentWhisper: general.agentWhisper,
      missedCallRecovery: {
        ...general.missedCallRecovery,
        textVisitor: { ...general.missedCallRecovery.textVisitor, text: general.missedCallRecovery.textVisitor.text.trim() },
      },
      recording: general.recording,
      // Issue 20: always sent too, as saved (lists without blank lines), so the defaults are explicit.
      displayRules: displayRulesOf(general.displayRules),
    },
    callSetup: { ...draft.settings.callSetup, disclaimer: sanitize(draft.settings.callSetup.disclaimer) },
    scheduleSetup: { ...draft.settings.scheduleSetup, disclaimer: sanitize(draft.settings.scheduleSetup.disclaimer) },
  };
}

function isEmpty(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

function bodyFor(
  draft: WidgetDraft,
  name: string,
  typeId: number,
  websiteId: number,
  widgetTypes: readonly NamedReference[],
  sanitizeHtml: (html: string) => string,
): WidgetBody {
  const useAgents = draft.settings.settings.useAgents;
  return {
    name,
    isActive: true,
    typeId,
    websiteId,
    callingRuleId: useAgents ? draft.callingRuleId : null,
    agentIds: draft.agentIds,
    notifications: {
      email: { isActive: draft.notifications.email.isActive, value: draft.notifications.email.value.trim() },
      phoneNumber: {
        isActive: draft.notifications.phoneNumber.isActive,
        value: stripPhone(draft.notifications.phoneNumber.value),
      },
    },
    settings: configurationFor(draft, typeId, widgetTypes, sanitizeHtml),
  };
}

export interface SavePlanInput {
  /** The draft after the agent resolution. */
  draft: WidgetDraft;
  websiteId: number;
  /** The stored widget while editing. */
  original: StoredWidget | null;
  widgetTypes: readonly NamedReference[];
  sanitizeHtml: (html: string) => string;
}

/**
 * spec §4: "Creating with type All Widgets creates one widget per widget type named
 * '{name} - {type name}'"; "Editing sends the update with the existing isActive and typeId".
 */
export function planSaves({ draft, websiteId, original, widgetTypes, sanitizeHtml }: SavePlanInput): SavePlan {
  const name = draft.name.trim();
  if (original) {
    const body = bodyFor(draft, name, original.typeId, websiteId, widgetTypes, sanitizeHtml);
    return { kind: 'update', widgetId: original.id, body: { ...body, isActive: original.isActive } };
  }
  if (draft.typeId === ALL_WIDGET_TYPES) {
    return {
      kind: 'create',
      bodies: widgetTypes.map((type) => bodyFor(draft, `${name} - ${type.name}`, type.id, websiteId, widgetTypes, sanitizeHtml)),
    };
  }
  return { kind: 'create', bodies: [bodyFor(draft, name, draft.typeId ?? 0, websiteId, widgetTypes, sanitizeHtml)] };
}
