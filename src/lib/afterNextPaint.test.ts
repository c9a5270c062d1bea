// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './afterNextPaint.ts';

function visibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    visibility('visible');
  });

  it('runs after the next animation frame, in a task of its own, not in the frame', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const callback = vi.fn();
    afterNextPaint(callback);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(callback).not.toHaveBeenCalled();
    // A timeout set while timers run is due a millisecond later (the fake timers' rule).
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('is cancelled before the frame and between the frame and its task', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const early = vi.fn();
    afterNextPaint(early)();
    const late = vi.fn();
    const cancel = afterNextPaint(late);
    vi.advanceTimersToNextFrame();
    cancel();
    vi.advanceTimersByTime(100);
    expect([early.mock.calls.length, late.mock.calls.length]).toEqual([0, 0]);
  });

  it('in a hidden tab, which runs no animation frames, runs after a plain task', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    visibility('hidden');
    const callback = vi.fn();
    const cancelled = vi.fn();
    afterNextPaint(callback);
    afterNextPaint(cancelled)();
    vi.advanceTimersByTime(0);
    expect([callback.mock.calls.length, cancelled.mock.calls.length]).toEqual([1, 0]);
  });
});
