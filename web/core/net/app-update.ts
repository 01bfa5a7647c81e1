/** How long a reload waits for the new service worker to take over before it reloads anyway. */
export const UPDATE_WAIT_MS = 10_000;

/** Message the generated service worker answers with `skipWaiting()` (vite-plugin-pwa, workbox). */
const SKIP_WAITING = { type: 'SKIP_WAITING' };

/** Settles when `watch` calls its `done`, or after UPDATE_WAIT_MS, whichever comes first. */
function atMostUpdateWait(watch: (done: () => void) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, UPDATE_WAIT_MS);
    watch(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Reloads into the newest Listo. A new service worker waits until no tab of the app is open, so that
 * no page is reloaded under the user's hands; meanwhile the old one serves the old app from its
 * cache, and a plain reload starts the old app again (a server that speaks a newer protocol would
 * ask for a reload forever). So: find the new worker, let it install, tell it to take over, and
 * reload once it has. Other open tabs are reloaded by the registration's autoUpdate.
 */
export async function reloadIntoUpdate(reload: () => void = () => location.reload()): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration) {
    await registration.update().catch(() => undefined);
    const incoming = registration.installing ?? registration.waiting;
    if (incoming) {
      await atMostUpdateWait((done) => {
        const installed = () => incoming.state !== 'installing' && done();
        incoming.addEventListener('statechange', installed);
        installed();
      });
      const takenOver = atMostUpdateWait((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
      incoming.postMessage(SKIP_WAITING);
      await takenOver;
    }
  }
  reload();
}
