/** The longest start-up work that waits for an idle moment waits (a busy page still gets it). */
export const IDLE_WAIT_MAX_MS = 2_000;

/**
 * Resolves at the first idle moment after the next two frames (at most IDLE_WAIT_MAX_MS later):
 * for start-up work the first screen does not show (the live socket, the service worker).
 * Started with the first render it competes with it for the network and the main thread, and
 * Lighthouse counts every request started before the largest paint into that paint's time
 * (docs/performance.md). Two frames, because a frame's paint is reported a frame later: after
 * one, work still started ahead of the report. Safari has no requestIdleCallback: there it is the
 * task after the frames. A page opened in a hidden tab draws no frames, so the work waits until it
 * is shown: a subscription then starts with a whole snapshot, so nothing is missed.
 */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MAX_MS }) : setTimeout(resolve, 0);
    requestAnimationFrame(() => requestAnimationFrame(idle));
  });
}
