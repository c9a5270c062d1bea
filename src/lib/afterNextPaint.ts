/**
 * Runs `callback` once the next frame has been presented, and returns what cancels it. A
 * requestAnimationFrame callback runs just before the browser paints; a task queued from it runs
 * after that paint (issue 17: work asked for in a screen's first commit, such as a chunk's
 * download and run, no longer holds back its first paint). A hidden tab presents no frames and
 * runs no animation frames, so there the callback runs after a plain task instead.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  if (document.visibilityState === 'hidden') {
    timeout = setTimeout(callback, 0);
    return () => clearTimeout(timeout);
  }
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
  };
}
