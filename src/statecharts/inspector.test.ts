// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';

const received: string[] = [];
const createBrowserInspector = vi.fn(() => ({ inspect: { next: (event: { type: string }) => received.push(event.type) } }));
vi.mock('@statelyai/inspect', () => ({ createBrowserInspector }));

async function loadInspector(url: string) {
  window.history.replaceState(null, '', url);
  vi.resetModules();
  return (await import('./inspector.ts')).inspect;
}

describe('Stately inspector (dev server with ?inspect)', () => {
  afterEach(() => {
    received.length = 0;
    createBrowserInspector.mockClear();
    window.history.replaceState(null, '', '/');
  });

  it('stays off without ?inspect', async () => {
    expect(await loadInspector('/agents')).toBeUndefined();
    expect(createBrowserInspector).not.toHaveBeenCalled();
  });

  it('with ?inspect, hands every event to the inspector, those from before it loaded too', async () => {
    const inspect = await loadInspector('/agents?inspect');
    const actor = createActor(createMachine({ initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } }), { inspect }).start();
    await vi.waitFor(() => expect(createBrowserInspector).toHaveBeenCalledTimes(1));
    actor.send({ type: 'go' });
    expect(received).toContain('@xstate.actor');
    expect(received.filter((type) => type === '@xstate.event')).toHaveLength(2);
  });
});
