import type { MessageDescriptor } from '@lingui/core';
import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import { toApiFailure } from '../shared/apiFailure.ts';
import { notProvided } from '../shared/notProvided.ts';
import { applyChange } from './widgetWizard.change.ts';
import { draftFromWidget, initialDraft } from './widgetWizard.defaults.ts';
import { widgetWizardMessages } from './widgetWizard.messages.ts';
import { findWebsite, planAgent, planSaves, resolveAgent } from './widgetWizard.plan.ts';
import { isDesignPath, validateDraft } from './widgetWizard.schema.ts';
import type {
  SavePlan,
  StoredWidget,
  Toolbox,
  WidgetWizardContext,
  WidgetWizardEvent,
  WidgetWizardInput,
  WizardAgent,
  WizardWebsite,
} from './widgetWizard.types.ts';

function initialContext({ input }: { input: WidgetWizardInput }): WidgetWizardContext {
  const draft = initialDraft();
  return {
    widgetId: input.widgetId,
    widgetTypes: input.widgetTypes,
    callingRules: input.callingRules,
    sanitizeHtml: input.sanitizeHtml,
    draft,
    errors: validateDraft(draft, input.widgetTypes),
    touched: {},
    generalAttempted: false,
    designAttempted: false,
    original: null,
    toolbox: null,
    website: null,
    websiteHadWidgets: false,
    resolved: null,
    saved: [],
    error: null,
    failure: null,
    pageAddress: '',
  };
}

function hasErrors(context: WidgetWizardContext, design: boolean): boolean {
  return Object.keys(context.errors).some((path) => isDesignPath(path) === design);
}

/** The saves a submit makes, planned from the resolved draft (spec §4 Widget wizard). */
export function savePlanOf(context: WidgetWizardContext): SavePlan {
  return planSaves({
    draft: context.resolved ?? context.draft,
    websiteId: context.website?.id ?? 0,
    original: context.original,
    widgetTypes: context.widgetTypes,
    sanitizeHtml: context.sanitizeHtml,
  });
}

function saveFailure(context: WidgetWizardContext): MessageDescriptor {
  return context.original ? widgetWizardMessages.updateFailed : widgetWizardMessages.createFailed;
}

/**
 * The widget wizard (spec §2 Widget wizard, §4 Widget wizard and Switch behaviour, §5 Widget
 * general and Widget design). Creating starts with a null widgetId and the defaults of §9;
 * editing loads the widget by id first (an unknown id ends in `notFound`). Steps General →
 * Design → Code are states: Next validates every General sub-form (errors shown, the view
 * scrolls to the first), Create/Update validates the global, call and schedule setups. The
 * submit then reads the caller's websites and agents, creates the website when its domain is
 * new, resolves the number-only agent (reuse or create), saves the widget(s), and ends on the
 * Code step; the app's widget list is told to reload. Issue 20: the General step edits the
 * display rules too, and both steps test a typed page address against them (`pageTest`).
 */
export const widgetWizardMachine = setup({
  types: {
    context: {} as WidgetWizardContext,
    events: {} as WidgetWizardEvent,
    input: {} as WidgetWizardInput,
  },
  actors: {
    /** GET /client/widgets, the one with this id (rejects with status 404 when there is none). */
    widgetLoader: fromPromise<StoredWidget, { widgetId: number }>(notProvided),
    /** GET /client/websites and GET /client/agents: what the submit is planned with. */
    toolboxLoader: fromPromise<Toolbox>(notProvided),
    /** POST /client/websites with the typed domain (the server normalizes it). */
    websiteCreator: fromPromise<WizardWebsite, { domain: string }>(notProvided),
    /** POST /client/agents: a placeholder agent (no name, non-regular, unverified, active). */
    agentCreator: fromPromise<WizardAgent, { phone: string }>(notProvided),
    /** PUT /client/widgets/{id}, or POST /client/widgets once per body, in order. */
    widgetSaver: fromPromise<StoredWidget[], SavePlan>(notProvided),
  },
  actions: {
    storeWidget: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.widgetLoader');
      const draft = draftFromWidget(event.output);
      return { original: event.output, draft, errors: validateDraft(draft, context.widgetTypes), error: null };
    }),
    setNotFound: assign({ error: widgetWizardMessages.notFound }),
    setLoadFailed: assign({ error: widgetWizardMessages.loadFailed }),
    clearError: assign({ error: null }),
    applyChange: assign(({ context, event }) => {
      assertEvent(event, 'user.change');
      const draft = applyChange(context.draft, event.path, event.value, context.widgetTypes);
      return {
        draft,
        errors: validateDraft(draft, context.widgetTypes),
        touched: context.touched[event.path] ? context.touched : { ...context.touched, [event.path]: true },
      };
    }),
    storePageAddress: assign({
      pageAddress: ({ event }) => {
        assertEvent(event, 'user.testPageAddress');
        return event.address;
      },
    }),
    markGeneralAttempted: assign({ generalAttempted: true }),
    markDesignAttempted: assign({ designAttempted: true }),
    startSubmit: assign({ toolbox: null, website: null, websiteHadWidgets: false, resolved: null, saved: [], failure: null }),
    storeToolbox: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.toolboxLoader');
      const website = findWebsite(event.output.websites, context.draft.websiteUrl);
      return { toolbox: event.output, website, websiteHadWidgets: (website?.widgetCount ?? 0) > 0 };
    }),
    storeCreatedWebsite: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.websiteCreator');
      return { website: event.output, websiteHadWidgets: false };
    }),
    resolveWithExistingAgent: assign(({ context }) => {
      const agents = context.toolbox?.agents ?? [];
      const plan = planAgent(context.draft, agents);
      const agent = plan.kind === 'reuse' ? plan.agent : null;
      return { resolved: resolveAgent(context.draft, agent, agents, context.callingRules) };
    }),
    resolveWithCreatedAgent: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.agentCreator');
      const agents = [...(context.toolbox?.agents ?? []), event.output];
      return { resolved: resolveAgent(context.draft, event.output, agents, context.callingRules) };
    }),
    storeSaved: assign({
      saved: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.widgetSaver');
        return event.output;
      },
    }),
    setSaveFailure: assign({ failure: ({ context }) => saveFailure(context) }),
    setLoadToolboxFailure: assign({ failure: widgetWizardMessages.loadFailed }),
    setWebsiteFailure: assign({ failure: widgetWizardMessages.websiteFailed }),
    /** Scrolls the step to its first visible error (src: the view knows the fields). */
    scrollToFirstError: () => {},
    /** Toasts `context.failure` (src). */
    notifyFailure: () => {},
    /** Toasts "Widget saved!" (src). */
    notifySaved: () => {},
    /** spec §4: "Afterwards the widget list is reloaded" (src: `toolbox.changed` to the startup actor). */
    publishToolboxChanged: () => {},
  },
  guards: {
    needsWidget: ({ context }) => context.widgetId !== null && context.original === null,
    isNotFound: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.widgetLoader');
      return toApiFailure(event.error).status === 404;
    },
    /** spec §4: editing sends the existing typeId, so the type of a stored widget cannot change. */
    isTypeChangeWhileEditing: ({ context, event }) => {
      assertEvent(event, 'user.change');
      return event.path === 'typeId' && context.widgetId !== null;
    },
    isGeneralValid: ({ context }) => !hasErrors(context, false),
    isDesignValid: ({ context }) => !hasErrors(context, true),
    isWebsiteKnown: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.toolboxLoader');
      return findWebsite(event.output.websites, context.draft.websiteUrl) !== null;
    },
    /** spec §4: only a number is entered and no agent has it. */
    needsNewAgent: ({ context }) => planAgent(context.draft, context.toolbox?.agents ?? []).kind === 'create',
    /** The same, with the agents the toolbox loader just read. */
    needsNewAgentWithLoaded: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.toolboxLoader');
      return planAgent(context.draft, event.output.agents).kind === 'create';
    },
  },
}).createMachine({
  id: 'widgetWizard',
  context: initialContext,
  initial: 'general',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'widgetLoader',
        src: 'widgetLoader',
        input: ({ context }) => ({ widgetId: context.widgetId ?? 0 }),
        onDone: { target: 'general', actions: 'storeWidget' },
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: 'setNotFound' },
          { target: 'loadFailed', actions: 'setLoadFailed' },
        ],
      },
    },
    notFound: {},
    loadFailed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
    general: {
      // Editing: the General step waits for the widget (spec §2: "with id it is edited").
      always: { guard: 'needsWidget', target: 'loading' },
      on: {
        'user.change': [{ guard: 'isTypeChangeWhileEditing' }, { actions: 'applyChange' }],
        // Issue 20: the page test sits beside the display rules (General) and in the live preview (Design).
        'user.testPageAddress': { actions: 'storePageAddress' },
        'user.next': [
          { guard: 'isGeneralValid', target: 'design' },
          { actions: ['markGeneralAttempted', 'scrollToFirstError'] },
        ],
      },
    },
    design: {
      on: {
        'user.change': [{ guard: 'isTypeChangeWhileEditing' }, { actions: 'applyChange' }],
        'user.testPageAddress': { actions: 'storePageAddress' },
        'user.back': 'general',
        'user.submit': [
          { guard: 'isDesignValid', target: 'submitting', actions: ['markDesignAttempted', 'startSubmit'] },
          { actions: ['markDesignAttempted', 'scrollToFirstError'] },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      initial: 'loadingToolbox',
      states: {
        loadingToolbox: {
          invoke: {
            id: 'toolboxLoader',
            src: 'toolboxLoader',
            onDone: [
              { guard: and(['isWebsiteKnown', 'needsNewAgentWithLoaded']), target: 'creatingAgent', actions: 'storeToolbox' },
              { guard: 'isWebsiteKnown', target: 'saving', actions: ['storeToolbox', 'resolveWithExistingAgent'] },
              { target: 'creatingWebsite', actions: 'storeToolbox' },
            ],
            onError: { target: '#widgetWizard.design', actions: ['setLoadToolboxFailure', 'notifyFailure'] },
          },
        },
        creatingWebsite: {
          invoke: {
            id: 'websiteCreator',
            src: 'websiteCreator',
            input: ({ context }) => ({ domain: context.draft.websiteUrl.trim() }),
            onDone: [
              { guard: 'needsNewAgent', target: 'creatingAgent', actions: 'storeCreatedWebsite' },
              { target: 'saving', actions: ['storeCreatedWebsite', 'resolveWithExistingAgent'] },
            ],
            onError: { target: '#widgetWizard.design', actions: ['setWebsiteFailure', 'notifyFailure'] },
          },
        },
        creatingAgent: {
          invoke: {
            id: 'agentCreator',
            src: 'agentCreator',
            input: ({ context }) => {
              const plan = planAgent(context.draft, context.toolbox?.agents ?? []);
              return { phone: plan.kind === 'create' ? plan.phone : '' };
            },
            onDone: { target: 'saving', actions: 'resolveWithCreatedAgent' },
            onError: { target: '#widgetWizard.design', actions: ['setSaveFailure', 'notifyFailure', 'publishToolboxChanged'] },
          },
        },
        saving: {
          invoke: {
            id: 'widgetSaver',
            src: 'widgetSaver',
            input: ({ context }) => savePlanOf(context),
            onDone: { target: '#widgetWizard.code', actions: ['storeSaved', 'notifySaved', 'publishToolboxChanged'] },
            // Some widgets of an All Widgets set, or the new website, may exist: reload anyway.
            onError: { target: '#widgetWizard.design', actions: ['setSaveFailure', 'notifyFailure', 'publishToolboxChanged'] },
          },
        },
      },
    },
    code: {},
  },
});

export type WidgetWizardMachine = typeof widgetWizardMachine;
