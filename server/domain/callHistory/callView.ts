import type { calls, CustomFields, twilioCallLegs } from '../../db/schema/calls.ts';

type CallRow = typeof calls.$inferSelect;
/** What the contract shows of a telephony leg. */
export type LegSummary = Pick<typeof twilioCallLegs.$inferSelect, 'id' | 'target' | 'agentId'> & { metadata: { to?: string | null } };

/** What followed a missed Call now, as the page's query reads it (callbackAt as JSON gives it). */
export interface RecoverySummary {
  textedVisitor: boolean;
  callbackAt: string | null;
}

/** Where the recording of a call is served (contract: CallRecording.url). */
export function recordingPath(callId: number): string {
  return `/api/client/calls/${callId}/recording`;
}

/** The three custom fields, each a string or null (contract: CustomFields). */
export function toCustomFields(fields: CustomFields | null | undefined) {
  return {
    customField1: fields?.customField1 || null,
    customField2: fields?.customField2 || null,
    customField3: fields?.customField3 || null,
  };
}

/** The call's traffic source as the page's query reads it (traffic_sources: '' is none), null without one. */
export interface SourceSummary {
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

/** The contract's `Call` (spec §3 Call) from a calls row, its website, recording, legs and source. */
export function toCallView(
  call: CallRow,
  related: { domain: string | null; hasRecording: boolean; legs: LegSummary[]; recovery: RecoverySummary | null; source?: SourceSummary | null },
) {
  const told = related.source?.source ? related.source : null;
  return {
    id: call.id,
    convertId: call.convertId,
    isTest: call.isTest,
    duration: call.duration,
    // Websites cannot be deleted through the API; an empty domain only if one is gone from the database.
    Website: { domain: related.domain ?? '' },
    url: call.url ?? '',
    type: call.type,
    widgetId: call.widgetId,
    widgetName: call.widgetName,
    widgetTypeId: call.widgetTypeId,
    agentId: call.agentId,
    agentNumber: call.agentNumber,
    createdAt: call.createdAt.toISOString(),
    customerNumber: call.customerNumber,
    geolocation: {
      country: call.geolocation?.country ?? null,
      region: call.geolocation?.region ?? null,
      city: call.geolocation?.city ?? null,
    },
    status: call.status,
    CallRecording: related.hasRecording ? { url: recordingPath(call.id) } : null,
    // spec §3 Call: ScheduledCall.customFields — the visitor's answers travel with the call.
    ScheduledCall: call.type === 'scheduled' ? { customFields: toCustomFields(call.customFields) } : null,
    TwilioCalls: related.legs.map((leg) => ({
      id: leg.id,
      target: leg.target,
      agentId: leg.agentId,
      metadata: { to: leg.metadata.to ?? '' },
    })),
    recovery: related.recovery
      ? { textedVisitor: related.recovery.textedVisitor, callbackAt: related.recovery.callbackAt === null ? null : new Date(related.recovery.callbackAt).toISOString() }
      : null,
    // Issue 20: where the visitor came from (also the webhooks' data, CSV columns).
    source: told ? { source: told.source!, medium: told.medium || null, campaign: told.campaign || null, landingPage: call.landingPage } : null,
  };
}

export type CallView = ReturnType<typeof toCallView>;
