import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { settingsResourceMachine } from './settingsResource.machine.ts';

const resource = { retentionDays: 90 };
const loadFailed = msg`Failed to load the call recording settings.`;

describe('settings resource machine: generated paths', () => {
  const paths = generatePaths(settingsResourceMachine, {
    input: { loadFailed },
    events: [
      { type: 'resource.reload' },
      { type: 'user.retry' },
      { type: 'xstate.done.actor.resourceLoader', output: resource },
      { type: 'xstate.error.actor.resourceLoader', error: { status: 500 } },
    ],
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(settingsResourceMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(settingsResourceMachine.provide({ actors: { resourceLoader: stalled<unknown>() } }), { input: { loadFailed } }).start();
    replayPath(path, actor, (snapshot) => {
      if (snapshot.matches('ready')) expect(snapshot.context.resource).toEqual(resource);
      if (snapshot.matches('failed')) expect(english(snapshot.context.error)).toBe('Failed to load the call recording settings.');
    });
    actor.stop();
  });
});
