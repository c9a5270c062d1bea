import type { MessageDescriptor } from '@lingui/core';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { components } from '../../common/contract/dashboard.gen.ts';
import type { WidgetConfiguration, WidgetDraft, WidgetDraftErrors, WidgetNotifications } from './widgetWizard.draft.ts';

/** A widget type or calling rule of the metadata (spec §3). */
export interface NamedReference {
  id: number;
  name: string;
}

/** A website as GET /client/websites answers it (the part the wizard reads). */
export interface WizardWebsite {
  id: number;
  domain: string;
  publicKey: string;
  widgetCount: number;
}

/** An agent as GET /client/agents answers it (the part the wizard reads). */
export interface WizardAgent {
  id: number;
  name: string | null;
  phone: string;
  isRegular: boolean;
}

/** What the wizard plans a submit with: the caller's websites and agents, fresh from the API. */
export interface Toolbox {
  websites: WizardWebsite[];
  agents: WizardAgent[];
}

/** A stored widget as GET /client/widgets answers it (the part the wizard edits). */
export interface StoredWidget {
  id: number;
  name: string;
  typeId: number;
  websiteId: number;
  websiteUrl: string;
  callingRuleId: number | null;
  agentIds: number[];
  isActive: boolean;
  notifications: WidgetNotifications;
  settings: WidgetConfiguration;
}

/**
 * The body of POST /client/widgets and PUT /client/widgets/{id} (the contract's WidgetInput).
 * New widgets start active; an update sends the stored value (spec §4).
 */
export type WidgetBody = components['schemas']['WidgetInput'];

/** What the number-only path of spec §4 does with the entered phone number. */
export type AgentPlan =
  /** Agents are used: agentIds come from the chosen agents. */
  | { kind: 'agents' }
  /** An agent with that phone exists: a regular one turns useAgents on, a placeholder is linked. */
  | { kind: 'reuse'; agent: WizardAgent }
  /** No agent has that phone: a new non-regular, unverified, active agent is created. */
  | { kind: 'create'; phone: string };

/** The saves of a submit: one update, or one create per widget (several for All Widgets). */
export type SavePlan = { kind: 'update'; widgetId: number; body: WidgetBody } | { kind: 'create'; bodies: WidgetBody[] };

export interface WidgetWizardInput {
  /** null: a new widget (route without id); else the widget to edit. */
  widgetId: number | null;
  /** The metadata's widget types and calling rules (spec §3 Metadata). */
  widgetTypes: NamedReference[];
  callingRules: NamedReference[];
  /**
   * spec §5 Widget design: "Disclaimer text: HTML tags stripped except anchors". The screen gives
   * a maintained sanitizer (DOMPurify); machines have no DOM.
   */
  sanitizeHtml: (html: string) => string;
}

export type WizardStep = 'general' | 'design' | 'code';

export interface WidgetWizardContext {
  widgetId: number | null;
  widgetTypes: NamedReference[];
  callingRules: NamedReference[];
  sanitizeHtml: (html: string) => string;
  draft: WidgetDraft;
  /** Every current validation message of the draft, by dotted path. */
  errors: WidgetDraftErrors;
  /** Paths the user changed: their errors show at once. */
  touched: Record<string, boolean>;
  /** Next - Design Step was tried: every General error shows. */
  generalAttempted: boolean;
  /** Create/Update Widget was tried: every Design error shows. */
  designAttempted: boolean;
  /** The stored widget while editing: its isActive and typeId are sent back unchanged (spec §4). */
  original: StoredWidget | null;
  toolbox: Toolbox | null;
  /** The website of the submit, found or created. */
  website: WizardWebsite | null;
  /** Whether the website had widgets before this submit (spec §4: which Code step text shows). */
  websiteHadWidgets: boolean;
  /** The draft as it is saved, after the agent resolution of spec §4. */
  resolved: WidgetDraft | null;
  /** The widgets the submit saved. */
  saved: StoredWidget[];
  /** Not found, or a failure loading the widget. */
  error: MessageDescriptor | null;
  /** The failure of the last submit, toasted by `notifyFailure`. */
  failure: MessageDescriptor | null;
  /** The page address typed into the live preview's page test (issue 20); not part of the widget. */
  pageAddress: string;
}

export type WidgetWizardEvent =
  /** A General or Design control changed the value at a dotted path of the draft. */
  | { type: 'user.change'; path: string; value: unknown }
  /** Next - Design Step. */
  | { type: 'user.next' }
  /** Back (Design step to General step). */
  | { type: 'user.back' }
  /** Create Widget / Update Widget. */
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  /** The live preview's "Test a page address" field changed (issue 20). */
  | { type: 'user.testPageAddress'; address: string }
  | DoneActorEvent<StoredWidget, 'widgetLoader'>
  | ErrorActorEvent<unknown, 'widgetLoader'>
  | DoneActorEvent<Toolbox, 'toolboxLoader'>
  | ErrorActorEvent<unknown, 'toolboxLoader'>
  | DoneActorEvent<WizardWebsite, 'websiteCreator'>
  | ErrorActorEvent<unknown, 'websiteCreator'>
  | DoneActorEvent<WizardAgent, 'agentCreator'>
  | ErrorActorEvent<unknown, 'agentCreator'>
  | DoneActorEvent<StoredWidget[], 'widgetSaver'>
  | ErrorActorEvent<unknown, 'widgetSaver'>;

export type { WidgetDraft, WidgetDraftErrors };
