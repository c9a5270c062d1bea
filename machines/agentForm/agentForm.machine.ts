import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { draftBlur, draftSubmitAttempt, isDraftValid, type FormDraft } from '../form/formDraft.ts';
import { notProvided } from '../shared/notProvided.ts';
import { defaultWorkingHours, normalizeWorkingHours } from '../../common/rules/workingHours.ts';
import { agentCreatedMessage, agentFormMessages, agentUpdatedMessage } from './agentForm.messages.ts';
import { validateAgentValues } from './agentForm.schema.ts';
import type {
  AgentBody,
  AgentFormContext,
  AgentFormEvent,
  AgentFormInput,
  AgentFormValues,
  AgentSaveInput,
  FormAgent,
} from './agentForm.types.ts';
import { stripPhone } from '../../common/rules/phone.ts';

/** A draft with its validation: the fields' messages and the schedule's issues. */
function validated(draft: Omit<FormDraft<AgentFormValues>, 'errors'>): Pick<AgentFormContext, 'form' | 'availabilityIssues'> {
  const { errors, availabilityIssues } = validateAgentValues(draft.values);
  return { form: { ...draft, errors }, availabilityIssues };
}

function freshDraft(values: AgentFormValues) {
  return validated({ values, touched: {}, submitAttempted: false });
}

/** The empty form of Create New Agent: the default working hours of spec §9. */
function emptyValues(): AgentFormValues {
  return { name: '', phone: '', availability: defaultWorkingHours() };
}

/** The agent the form edits: a regular (named) agent of the list; placeholder agents are not managed here. */
export function findEditedAgent(agents: readonly FormAgent[], agentId: number | null): FormAgent | undefined {
  return agents.find((agent) => agent.id === agentId && agent.isRegular && agent.name !== null);
}

/**
 * The body Save Agent sends. On create the defaults of spec §4 Agents (isVerified false,
 * isActive true, isRegular true); on update the agent's own flags are kept.
 */
export function agentBody(values: AgentFormValues, agent: FormAgent | null): AgentBody {
  return {
    name: values.name.trim(),
    phone: stripPhone(values.phone),
    availability: { activeHours: values.availability },
    isActive: agent ? agent.isActive : true,
    isVerified: agent ? agent.isVerified : false,
    isRegular: agent ? agent.isRegular : true,
  };
}

/** The toast after a save (spec §8 Agents). */
export function savedNotice(context: Pick<AgentFormContext, 'agentId' | 'saved' | 'form'>): MessageDescriptor {
  const name = context.saved?.name ?? context.form.values.name.trim();
  return context.agentId === null ? agentCreatedMessage(name) : agentUpdatedMessage(name);
}

/** The toast after a failed save (spec §8 Agents): create and update have their own. */
export function failedNotice(context: Pick<AgentFormContext, 'agentId'>): MessageDescriptor {
  return context.agentId === null ? agentFormMessages.createFailed : agentFormMessages.updateFailed;
}

function initialContext({ input }: { input: AgentFormInput | undefined }): AgentFormContext {
  return {
    agentId: input?.agentId ?? null,
    agent: null,
    ...freshDraft(emptyValues()),
    error: null,
    saved: null,
  };
}

/**
 * Create New Agent / Edit Agent (spec §2 Agents form, §4 Agents, §5 Agent). Editing loads the
 * agents (GET /client/agents) and picks the one by id, else "The requested agent is not found".
 * Name, Phone Number and the weekly Availability are validated on every change; Save Agent
 * validates everything, shows its spinner while saving, then toasts, tells the startup actor
 * that the toolbox changed and goes back to /agents (all provided by src/).
 */
export const agentFormMachine = setup({
  types: {
    context: {} as AgentFormContext,
    events: {} as AgentFormEvent,
    input: {} as AgentFormInput | undefined,
  },
  actors: {
    /** GET /client/agents */
    agentsLoader: fromPromise<FormAgent[]>(notProvided),
    /** POST /client/agents (agentId null) or PUT /client/agents/{agentId}: the saved agent. */
    agentSave: fromPromise<FormAgent, AgentSaveInput>(notProvided),
  },
  actions: {
    loadAgent: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.agentsLoader');
      const agent = findEditedAgent(event.output, context.agentId) ?? null;
      if (!agent) return {};
      // spec §5 Active hours: "When reading values, days with no times become inactive with default times".
      const values = { name: agent.name ?? '', phone: stripPhone(agent.phone), availability: normalizeWorkingHours(agent.availability.activeHours) };
      return { agent, error: null, ...freshDraft(values) };
    }),
    setNotFound: assign({ error: agentFormMessages.notFound }),
    setLoadFailure: assign({ error: agentFormMessages.failedToLoad }),
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'user.change');
      const value = event.field === 'phone' ? stripPhone(event.value) : event.value;
      return validated({ ...context.form, values: { ...context.form.values, [event.field]: value } });
    }),
    updateAvailability: assign(({ context, event }) => {
      assertEvent(event, 'user.changeAvailability');
      const touched = { ...context.form.touched, availability: true };
      return validated({ ...context.form, touched, values: { ...context.form.values, availability: event.value } });
    }),
    touchField: assign({ form: draftBlur }),
    markSubmitAttempted: assign({ form: draftSubmitAttempt }),
    storeSaved: assign({
      saved: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.agentSave');
        return event.output;
      },
    }),
    /** A toast (src): success after a save, error after a failed one. */
    showNotice: (_, _params: { type: 'success' | 'error'; message: MessageDescriptor }) => {},
    /** Tells the startup actor that agents changed, so the shell's lists reload (src). */
    reportToolboxChanged: () => {},
    /** Back to the agents list, /agents (src). */
    leaveForm: () => {},
  },
  guards: {
    isEditing: ({ context }) => context.agentId !== null,
    isAgentFound: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.agentsLoader');
      return findEditedAgent(event.output, context.agentId) !== undefined;
    },
    canSubmit: ({ context }) => isDraftValid(context.form),
  },
}).createMachine({
  id: 'agentForm',
  context: initialContext,
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isEditing', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      invoke: {
        id: 'agentsLoader',
        src: 'agentsLoader',
        onDone: [
          { guard: 'isAgentFound', target: 'editing', actions: 'loadAgent' },
          { target: 'notFound', actions: 'setNotFound' },
        ],
        onError: { target: 'loadFailed', actions: 'setLoadFailure' },
      },
    },
    notFound: {},
    loadFailed: {
      on: { 'user.retry': 'loading' },
    },
    editing: {
      on: {
        'user.change': { actions: 'updateField' },
        'user.changeAvailability': { actions: 'updateAvailability' },
        'user.blur': { actions: 'touchField' },
        'user.submit': [{ guard: 'canSubmit', target: 'saving' }, { actions: 'markSubmitAttempted' }],
      },
    },
    saving: {
      invoke: {
        id: 'agentSave',
        src: 'agentSave',
        input: ({ context }) => ({ agentId: context.agentId, body: agentBody(context.form.values, context.agent) }),
        onDone: {
          target: 'saved',
          actions: [
            'storeSaved',
            { type: 'showNotice', params: ({ context }) => ({ type: 'success' as const, message: savedNotice(context) }) },
            'reportToolboxChanged',
          ],
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'showNotice', params: ({ context }) => ({ type: 'error' as const, message: failedNotice(context) }) }],
        },
      },
    },
    saved: {
      type: 'final',
      entry: 'leaveForm',
    },
  },
});
