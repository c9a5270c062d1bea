import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import type { WebhookEndpoint, WebhookEndpointCreated, WebhookUrlRefusal } from '../webhookEndpoints/webhookEndpoints.types.ts';
import { webhookFormMachine, withoutSecret } from './webhookForm.machine.ts';
import type { WebhookFormValues } from './webhookForm.schema.ts';
import { createdEndpoint, currentPasswordError, eventsError, hasCopyFailed, isCopied, isCreating, shownSecret, submitFailure, urlError } from './webhookForm.selectors.ts';

const created: WebhookEndpointCreated = {
  id: 5,
  url: 'https://crm.example.com/hooks',
  events: ['call.requested'],
  isActive: true,
  secretHint: 'whsec_…x7Qa',
  failingSince: null,
  switchedOffAt: null,
  createdAt: '2026-11-24T10:00:00Z',
  secret: 'whsec_abcdefghijklmnopqrstuvwxyz0123x7Qa',
};

interface Fakes {
  create?: (values: WebhookFormValues) => Promise<WebhookEndpointCreated>;
  copy?: (secret: string) => Promise<void>;
}

function form({ create = async () => created, copy = async () => undefined }: Fakes = {}) {
  const calls = { create: vi.fn(create), copy: vi.fn(copy), announced: [] as WebhookEndpoint[] };
  const actor = createActor(
    webhookFormMachine.provide({
      actors: {
        createRequest: fromPromise(({ input }) => calls.create(input)),
        secretCopier: fromPromise(({ input }) => calls.copy(input)),
      },
      actions: {
        announceCreated: (_, params: { endpoint: WebhookEndpoint }) => {
          calls.announced.push(params.endpoint);
        },
      },
    }),
  ).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof form>['actor'];
const typeUrl = (actor: Actor, url: string) => actor.send({ type: 'user.change', field: 'url', value: url });
const typePassword = (actor: Actor, password: string) => actor.send({ type: 'user.change', field: 'currentPassword', value: password });
const shownPasswordError = (actor: Actor) => english(currentPasswordError(actor.getSnapshot()));
/** A draft the form sends: an address and the password. */
function fillIn(actor: Actor, url = 'https://crm.example.com/hooks') {
  typeUrl(actor, url);
  typePassword(actor, 'correct horse');
}
const shownUrlError = (actor: Actor) => english(urlError(actor.getSnapshot()));

describe('add endpoint: the form', () => {
  it('starts with the call events chosen', () => {
    const { actor } = form();
    expect(actor.getSnapshot().context.form.values).toEqual({ url: '', events: ['call.requested', 'call.completed', 'call.missed'], currentPassword: '' });
  });

  it('asks for the current password: required, as long as a password may be (issue 19, "sudo mode")', () => {
    const { actor, calls } = form();
    typeUrl(actor, 'https://crm.example.com/hooks');
    actor.send({ type: 'user.submit' });
    expect(calls.create).not.toHaveBeenCalled();
    expect(shownPasswordError(actor)).toBe('Current Password is required.');
    expect(urlError(actor.getSnapshot())).toBeUndefined();
    typePassword(actor, 'p'.repeat(51));
    expect(shownPasswordError(actor)).toBe('Maximum field length 50');
    typePassword(actor, 'correct horse');
    expect(currentPasswordError(actor.getSnapshot())).toBeUndefined();
  });

  it('checks the address and the events as they change', () => {
    const { actor, calls } = form();
    actor.send({ type: 'user.submit' });
    expect(calls.create).not.toHaveBeenCalled();
    expect(shownUrlError(actor)).toBe('Endpoint URL is required.');
    typeUrl(actor, 'crm.example.com/hooks');
    expect(shownUrlError(actor)).toBe('Enter a full address, such as https://example.com/webhooks.');
    typeUrl(actor, 'ftp://crm.example.com/hooks');
    expect(shownUrlError(actor)).toBe('Enter a full address, such as https://example.com/webhooks.');
    typeUrl(actor, `https://crm.example.com/${'a'.repeat(2048)}`);
    expect(shownUrlError(actor)).toBe('Maximum field length 2048');
    typeUrl(actor, ' http://127.0.0.1:4000/hooks ');
    expect(urlError(actor.getSnapshot())).toBeUndefined();
    for (const eventType of ['call.requested', 'call.completed', 'call.missed'] as const) actor.send({ type: 'user.toggleEvent', eventType, checked: false });
    expect(english(eventsError(actor.getSnapshot()))).toBe('Choose at least one event.');
    actor.send({ type: 'user.submit' });
    expect(calls.create).not.toHaveBeenCalled();
    actor.send({ type: 'user.toggleEvent', eventType: 'payment.failed', checked: true });
    expect(eventsError(actor.getSnapshot())).toBeUndefined();
  });

  it('shows an error only once the field was left or a submit tried', () => {
    const { actor } = form();
    typeUrl(actor, 'nope');
    expect(urlError(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'user.blur', field: 'url' });
    expect(shownUrlError(actor)).toBe('Enter a full address, such as https://example.com/webhooks.');
  });
});

describe('add endpoint: creating', () => {
  it('sends the trimmed address and the chosen events, announces the endpoint and shows its secret once', async () => {
    const { actor, calls } = form();
    fillIn(actor, ' https://crm.example.com/hooks ');
    actor.send({ type: 'user.toggleEvent', eventType: 'call.completed', checked: false });
    actor.send({ type: 'user.toggleEvent', eventType: 'call.missed', checked: false });
    actor.send({ type: 'user.toggleEvent', eventType: 'payment.failed', checked: true });
    actor.send({ type: 'user.submit' });
    expect(isCreating(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(calls.create).toHaveBeenCalledWith({ url: 'https://crm.example.com/hooks', events: ['call.requested', 'payment.failed'], currentPassword: 'correct horse' });
    expect(shownSecret(actor.getSnapshot())).toBe(created.secret);
    // The password is let go as soon as it has done its work.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('correct horse');
    expect(createdEndpoint(actor.getSnapshot())).toEqual(created);
    // The list never gets the secret.
    expect(calls.announced).toEqual([withoutSecret(created)]);
    expect(JSON.stringify(calls.announced)).not.toContain(created.secret);

    actor.send({ type: 'user.done' });
    expect(shownSecret(actor.getSnapshot())).toBeNull();
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(created.secret);
    expect(actor.getSnapshot().context.form.values).toEqual({ url: '', events: ['call.requested', 'call.completed', 'call.missed'], currentPassword: '' });
  });

  it('copies the secret, and says how to copy it by hand when the clipboard refuses', async () => {
    let refuse = false;
    const { actor, calls } = form({
      copy: async () => {
        if (refuse) throw new Error('denied');
      },
    });
    fillIn(actor);
    actor.send({ type: 'user.submit' });
    await flushPromises();
    actor.send({ type: 'user.copy' });
    await flushPromises();
    expect(calls.copy).toHaveBeenCalledWith(created.secret);
    expect(isCopied(actor.getSnapshot())).toBe(true);
    refuse = true;
    actor.send({ type: 'user.copy' });
    await flushPromises();
    expect(hasCopyFailed(actor.getSnapshot())).toBe(true);
    expect(shownSecret(actor.getSnapshot())).toBe(created.secret);
  });

  it('says why the server refused the address, in its own words, until the address changes; a reason it does not know in general words', async () => {
    const refusals = [
      { status: 400, code: 'invalid_request', reason: 'url_credentials' },
      { status: 400, code: 'invalid_request', reason: 'url_exotic' },
      { status: 400, code: 'invalid_request', reason: 'toString' },
      { status: 400, code: 'invalid_request' },
    ];
    const { actor } = form({
      create: async () => {
        throw refusals.shift();
      },
    });
    fillIn(actor, 'http://user:pw@127.0.0.1/hooks');
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(shownUrlError(actor)).toBe('The URL must not contain a user name or password.');
    expect(submitFailure(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'user.toggleEvent', eventType: 'credits.low', checked: true });
    expect(shownUrlError(actor)).toBe('The URL must not contain a user name or password.');
    typeUrl(actor, 'http://127.0.0.1/hooks');
    expect(urlError(actor.getSnapshot())).toBeUndefined();
    // A newer server's reason, or none: never its English description.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      actor.send({ type: 'user.submit' });
      await flushPromises();
      expect(shownUrlError(actor)).toBe('This address cannot receive webhooks.');
    }
  });

  // The server's sentences (server/domain/webhooks/webhookTargets.ts), one a reason of the contract's WebhookUrlRefusal.
  it.each<[WebhookUrlRefusal, string]>([
    ['url_too_long', 'The URL must be at most 2048 characters long.'],
    ['url_not_absolute', 'The URL must be absolute, such as https://example.com/webhooks.'],
    ['url_scheme_https', 'The URL must start with https://.'],
    ['url_scheme_http_or_https', 'The URL must start with http:// or https://.'],
    ['url_credentials', 'The URL must not contain a user name or password.'],
    ['url_fragment', 'The URL must not contain a fragment (#…).'],
    ['url_localhost', 'The URL must not point to localhost.'],
    ['url_private_address', 'The URL must not point to a private or link-local address.'],
    ['url_private_or_loopback_address', 'The URL must not point to a private, loopback or link-local address.'],
  ])('says %s as the server does in English', async (reason, sentence) => {
    const { actor } = form({
      create: async () => {
        throw { status: 400, code: 'invalid_request', reason };
      },
    });
    fillIn(actor);
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(shownUrlError(actor)).toBe(sentence);
  });

  it('keeps the draft when creating fails, and says when the account has 10 endpoints', async () => {
    const failures = [{ status: 500 }, { status: 409, code: 'webhook_endpoints_full' }];
    const { actor, calls } = form({
      create: async () => {
        throw failures.shift();
      },
    });
    fillIn(actor);
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(english(submitFailure(actor.getSnapshot()))).toBe('Failed to add the endpoint.');
    actor.send({ type: 'user.submit' });
    expect(submitFailure(actor.getSnapshot())).toBeNull();
    await flushPromises();
    expect(english(submitFailure(actor.getSnapshot()))).toBe('You already have 10 webhook endpoints. Delete one to add another.');
    expect(actor.getSnapshot().context.form.values.url).toBe('https://crm.example.com/hooks');
    expect(calls.announced).toEqual([]);
  });

  it('says a wrong password at its field until it changes, and too many checks of it above the button', async () => {
    const failures = [{ status: 401, code: 'invalid_grant' }, { status: 429, code: 'too_many_attempts' }];
    const { actor, calls } = form({
      create: async () => {
        throw failures.shift();
      },
    });
    fillIn(actor);
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(shownPasswordError(actor)).toBe('The login detail is incorrect');
    expect(submitFailure(actor.getSnapshot())).toBeNull();
    expect(urlError(actor.getSnapshot())).toBeUndefined();
    // The address may change: the password stays the one found wrong.
    typeUrl(actor, 'https://crm.example.com/other');
    expect(shownPasswordError(actor)).toBe('The login detail is incorrect');
    typePassword(actor, 'correct horse battery');
    expect(currentPasswordError(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(english(submitFailure(actor.getSnapshot()))).toBe('Too many attempts. Please try again later.');
    expect(currentPasswordError(actor.getSnapshot())).toBeUndefined();
    expect(actor.getSnapshot().context.form.values).toMatchObject({ url: 'https://crm.example.com/other', currentPassword: 'correct horse battery' });
    expect(calls.announced).toEqual([]);
  });
});

describe('add endpoint: generated paths', () => {
  const paths = generatePaths(webhookFormMachine, {
    events: [
      { type: 'user.change', field: 'url', value: 'https://crm.example.com/hooks' },
      { type: 'user.change', field: 'currentPassword', value: 'correct horse' },
      { type: 'user.blur', field: 'url' },
      { type: 'user.toggleEvent', eventType: 'call.requested', checked: false },
      { type: 'user.submit' },
      { type: 'user.copy' },
      { type: 'user.done' },
      { type: 'xstate.done.actor.createRequest', output: created },
      { type: 'xstate.error.actor.createRequest', error: { status: 400, code: 'invalid_request', reason: 'url_scheme_https' } },
      { type: 'xstate.error.actor.createRequest', error: { status: 401, code: 'invalid_grant' } },
      { type: 'xstate.error.actor.createRequest', error: { status: 429, code: 'too_many_attempts' } },
      { type: 'xstate.error.actor.createRequest', error: { status: 409, code: 'webhook_endpoints_full' } },
      { type: 'xstate.done.actor.secretCopier', output: undefined },
      { type: 'xstate.error.actor.secretCopier', error: new Error('denied') },
    ],
    contextKey: (s) =>
      `${s.context.form.values.url}|${s.context.form.values.events.length}|${s.context.form.values.currentPassword}|${s.context.refusal?.id ?? '-'}|${s.context.passwordRefused ? 'r' : '-'}|${s.context.failure ? 'f' : '-'}|${s.context.created ? 'c' : '-'}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(webhookFormMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(webhookFormMachine.provide({ actors: { createRequest: stalled(), secretCopier: stalled() } })).start();
    replayPath(path, actor, (snapshot) => {
      // The secret is held exactly while it is shown.
      expect(snapshot.context.created !== null).toBe(snapshot.matches('secretShown'));
      // The password is held only while it may still be sent; a refusal of it shows only at the draft.
      if (snapshot.matches('secretShown')) expect(snapshot.context.form.values.currentPassword).toBe('');
      if (snapshot.context.passwordRefused) expect(snapshot.matches('editing')).toBe(true);
    });
    actor.stop();
  });
});
