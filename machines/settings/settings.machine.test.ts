import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { english } from '../test/messages.ts';
import { settingsMachine, type SettingsProfile } from './settings.machine.ts';

const profile: SettingsProfile = {
  name: 'Demo Client',
  email: 'demo@example.com',
  timezone: 'UTC',
  twilioNumberId: 1,
  pendingEmail: null,
};

describe('settings machine: generated paths', () => {
  const paths = generatePaths(settingsMachine, {
    events: [
      { type: 'profile.reload' },
      { type: 'user.retry' },
      { type: 'xstate.done.actor.profileLoader', output: profile },
      { type: 'xstate.error.actor.profileLoader', error: { status: 500 } },
    ],
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(settingsMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(settingsMachine.provide({ actors: { profileLoader: stalled<SettingsProfile>() } })).start();
    replayPath(path, actor, (snapshot) => {
      if (snapshot.matches('ready')) expect(snapshot.context.profile).toEqual(profile);
      if (snapshot.matches('failed')) expect(english(snapshot.context.error)).toBe('Failed to updated your data.');
    });
    actor.stop();
  });
});
