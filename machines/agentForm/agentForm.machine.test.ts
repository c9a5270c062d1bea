import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { isDraftValid } from '../form/formDraft.ts';
import { setDayActive } from '../shared/workingHours.ts';
import { defaultWorkingHours, WEEK_DAYS, type WorkingHours } from '../../common/rules/workingHours.ts';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { agentFormMachine } from './agentForm.machine.ts';
import { availabilityIssues, fieldError, isFormShown, isLoading, isSaving } from './agentForm.selectors.ts';
import type { AgentFormInput, AgentSaveInput, FormAgent } from './agentForm.types.ts';

const mondayOnly: WorkingHours[] = [{ day: 'monday', isActive: true, times: [{ from: '08:00', to: '12:00' }] }];

const agent: FormAgent = {
  id: 7,
  name: 'Bob Builder',
  phone: '+14155550199',
  availability: { activeHours: mondayOnly },
  isActive: false,
  isVerified: true,
  isRegular: true,
};
const placeholder: FormAgent = { ...agent, id: 8, name: null, isRegular: false };

function form(
  input: AgentFormInput,
  {
    load = async () => [agent, placeholder],
    save = async ({ agentId, body }: AgentSaveInput) => ({ ...body, id: agentId ?? 99 }),
  }: { load?: () => Promise<FormAgent[]>; save?: (input: AgentSaveInput) => Promise<FormAgent> } = {},
) {
  const calls = { load: vi.fn(load), save: vi.fn(save), showNotice: vi.fn(), reportToolboxChanged: vi.fn(), leaveForm: vi.fn() };
  const actor = createActor(
    agentFormMachine.provide({
      actors: {
        agentsLoader: fromPromise(() => calls.load()),
        agentSave: fromPromise(({ input: saveInput }) => calls.save(saveInput)),
      },
      actions: {
        showNotice: (_, params) => calls.showNotice(params.type, english(params.message)),
        reportToolboxChanged: calls.reportToolboxChanged,
        leaveForm: calls.leaveForm,
      },
    }),
    { input },
  ).start();
  return { actor, calls };
}

describe('agent form: create (spec §2 Agents form, §4 Agents)', () => {
  it('starts empty with the default working hours and loads nothing', () => {
    const { actor, calls } = form({});
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls.load).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.form.values).toEqual({ name: '', phone: '', availability: defaultWorkingHours() });
  });

  it('shows each message once the field is left or Save Agent is tried, and does not save an invalid form', () => {
    const { actor, calls } = form({});
    actor.send({ type: 'user.change', field: 'name', value: 'Bob' });
    expect(fieldError(actor.getSnapshot(), 'name')).toBeNull();
    actor.send({ type: 'user.blur', field: 'name' });
    expect(english(fieldError(actor.getSnapshot(), 'name'))).toBe('Minimum field length 5');
    expect(fieldError(actor.getSnapshot(), 'phone')).toBeNull();
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(english(fieldError(actor.getSnapshot(), 'phone'))).toBe('Required field');
    actor.send({ type: 'user.change', field: 'phone', value: '555-12' });
    expect(english(fieldError(actor.getSnapshot(), 'phone'))).toBe('Not a valid phone number format');
    expect(calls.save).not.toHaveBeenCalled();
  });

  it('strips parentheses, dashes and spaces from the phone on change', () => {
    const { actor } = form({});
    actor.send({ type: 'user.change', field: 'phone', value: '+1 (415) 555-0123' });
    expect(actor.getSnapshot().context.form.values.phone).toBe('+14155550123');
  });

  it('shows the schedule banner message once the schedule is changed', () => {
    const { actor } = form({});
    expect(fieldError(actor.getSnapshot(), 'availability')).toBeNull();
    let hours = defaultWorkingHours();
    for (const day of WEEK_DAYS) hours = setDayActive(hours, day, false);
    actor.send({ type: 'user.changeAvailability', value: hours });
    expect(english(fieldError(actor.getSnapshot(), 'availability'))).toBe('A minimum of one active day is required.');
    expect(availabilityIssues(actor.getSnapshot())?.week).toBeDefined();
  });

  it('saves with the create defaults, toasts, reports the change and leaves', async () => {
    const { actor, calls } = form({});
    actor.send({ type: 'user.change', field: 'name', value: '  Alice Agent ' });
    actor.send({ type: 'user.change', field: 'phone', value: '+1 415 555 0123' });
    actor.send({ type: 'user.submit' });
    expect(isSaving(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(calls.save).toHaveBeenCalledWith({
      agentId: null,
      body: {
        name: 'Alice Agent',
        phone: '+14155550123',
        availability: { activeHours: defaultWorkingHours() },
        isActive: true,
        isVerified: false,
        isRegular: true,
      },
    });
    expect(calls.showNotice).toHaveBeenCalledWith('success', 'Agent Alice Agent has been saved.');
    expect(calls.reportToolboxChanged).toHaveBeenCalledTimes(1);
    expect(calls.leaveForm).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('stays on the form with its draft after a failed save', async () => {
    const { actor, calls } = form({}, { save: async () => Promise.reject({ status: 500 }) });
    actor.send({ type: 'user.change', field: 'name', value: 'Alice Agent' });
    actor.send({ type: 'user.change', field: 'phone', value: '+14155550123' });
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(calls.showNotice).toHaveBeenCalledWith('error', 'Failed to save agent.');
    expect(calls.leaveForm).not.toHaveBeenCalled();
    expect(calls.reportToolboxChanged).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.form.values.name).toBe('Alice Agent');
  });
});

describe('agent form: edit', () => {
  it('loads the agent by id, reading its schedule with the spec rules', async () => {
    const { actor } = form({ agentId: 7 });
    expect(isLoading(actor.getSnapshot())).toBe(true);
    expect(isFormShown(actor.getSnapshot())).toBe(false);
    await flushPromises();
    const { values } = actor.getSnapshot().context.form;
    expect(values.name).toBe('Bob Builder');
    expect(values.phone).toBe('+14155550199');
    expect(values.availability).toHaveLength(7);
    expect(values.availability[0]).toEqual(mondayOnly[0]);
    expect(values.availability[1]).toEqual({ day: 'tuesday', isActive: false, times: [{ from: '09:00', to: '17:00' }] });
    expect(isFormShown(actor.getSnapshot())).toBe(true);
  });

  it('keeps the agent’s flags on update and toasts the update', async () => {
    const { actor, calls } = form({ agentId: 7 });
    await flushPromises();
    actor.send({ type: 'user.change', field: 'name', value: 'Robert Builder' });
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(calls.save).toHaveBeenCalledWith({
      agentId: 7,
      body: expect.objectContaining({ name: 'Robert Builder', phone: '+14155550199', isActive: false, isVerified: true, isRegular: true }),
    });
    expect(calls.save.mock.calls[0]![0].body.availability.activeHours).toHaveLength(7);
    expect(calls.showNotice).toHaveBeenCalledWith('success', 'Agent Robert Builder has been updated.');
    expect(calls.leaveForm).toHaveBeenCalledTimes(1);
  });

  it('toasts the update failure', async () => {
    const { actor, calls } = form({ agentId: 7 }, { save: async () => Promise.reject({ status: 400 }) });
    await flushPromises();
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(calls.showNotice).toHaveBeenCalledWith('error', 'Failed to update agent.');
  });

  it('says an unknown or placeholder agent is not found', async () => {
    for (const agentId of [404, 8]) {
      const { actor } = form({ agentId });
      await flushPromises();
      expect(actor.getSnapshot().value).toBe('notFound');
      expect(english(actor.getSnapshot().context.error)).toBe('The requested agent is not found');
    }
  });

  it('offers a retry when the agents fail to load', async () => {
    let fail = true;
    const { actor, calls } = form({ agentId: 7 }, { load: async () => (fail ? Promise.reject({ status: 500 }) : [agent]) });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(english(actor.getSnapshot().context.error)).toBe('Failed to get agents.');
    fail = false;
    actor.send({ type: 'user.retry' });
    await flushPromises();
    expect(calls.load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('agent form: generated paths', () => {
  const generate = (input: AgentFormInput) =>
    generatePaths(agentFormMachine, {
      input,
      events: [
        { type: 'user.change', field: 'name', value: 'Bob' },
        { type: 'user.change', field: 'name', value: 'Robert Builder' },
        { type: 'user.change', field: 'phone', value: '+1 (415) 555-0188' },
        { type: 'user.changeAvailability', value: defaultWorkingHours() },
        { type: 'user.blur', field: 'name' },
        { type: 'user.submit' },
        { type: 'user.retry' },
        { type: 'xstate.done.actor.agentsLoader', output: [agent] },
        { type: 'xstate.done.actor.agentsLoader', output: [placeholder] },
        { type: 'xstate.error.actor.agentsLoader', error: { status: 500 } },
        { type: 'xstate.done.actor.agentSave', output: agent },
        { type: 'xstate.error.actor.agentSave', error: { status: 500 } },
      ],
      contextKey: (snapshot) => String(isDraftValid(snapshot.context.form)),
    });
  const paths = generate({ agentId: 7 });

  it('covers every state and every transition', () => {
    // `start` chooses between loading (edit) and editing (create): the create form's initial
    // path takes its other branch.
    const create = generate({});
    expectFullCoverage(agentFormMachine, [...paths, ...create]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const calls = { showNotice: vi.fn(), reportToolboxChanged: vi.fn(), leaveForm: vi.fn() };
    const actor = createActor(
      agentFormMachine.provide({
        actors: { agentsLoader: stalled<FormAgent[]>(), agentSave: stalled<FormAgent, AgentSaveInput>() },
        actions: {
          showNotice: (_, params) => calls.showNotice(params.type, english(params.message)),
          reportToolboxChanged: calls.reportToolboxChanged,
          leaveForm: calls.leaveForm,
        },
      }),
      { input: { agentId: 7 } },
    ).start();
    replayPath(path, actor, (snapshot, step) => {
      if (snapshot.matches('notFound')) expect(english(snapshot.context.error)).toBe('The requested agent is not found');
      if (snapshot.matches('loadFailed')) expect(english(snapshot.context.error)).toBe('Failed to get agents.');
      if (snapshot.matches('saving')) expect(isDraftValid(snapshot.context.form)).toBe(true);
      if (snapshot.matches('saved')) {
        expect(calls.showNotice).toHaveBeenCalledWith('success', 'Agent Bob Builder has been updated.');
        expect(calls.reportToolboxChanged).toHaveBeenCalledTimes(1);
        expect(calls.leaveForm).toHaveBeenCalledTimes(1);
      }
      if (step.event.type === 'xstate.error.actor.agentSave') {
        expect(calls.showNotice).toHaveBeenLastCalledWith('error', 'Failed to update agent.');
      }
    });
    actor.stop();
  });
});
