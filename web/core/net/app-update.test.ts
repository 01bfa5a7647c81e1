import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadIntoUpdate, UPDATE_WAIT_MS } from './app-update.ts';

/** A new service worker: installs, then waits until it is told to take over (`postMessage`). */
function newWorker(container: EventTarget) {
  const worker = Object.assign(new EventTarget(), {
    state: 'installing',
    postMessage: vi.fn((message: unknown) => {
      if ((message as { type?: string }).type === 'SKIP_WAITING') setTimeout(() => container.dispatchEvent(new Event('controllerchange')));
    }),
  });
  const install = () => {
    worker.state = 'installed';
    worker.dispatchEvent(new Event('statechange'));
  };
  return { worker, install };
}

/** A service worker container whose registration finds a new worker on update, or nothing new. */
function serviceWorkerFinding(next: 'a new worker' | 'nothing new') {
  const container = new EventTarget();
  const { worker, install } = newWorker(container);
  const registration = {
    installing: null as typeof worker | null,
    waiting: null,
    update: vi.fn(async () => {
      if (next === 'a new worker') registration.installing = worker;
    }),
  };
  Object.assign(container, { getRegistration: async () => registration });
  vi.stubGlobal('navigator', { serviceWorker: container });
  return { worker, install, registration };
}

describe('reloadIntoUpdate', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lets the new service worker install, tells it to take over, and reloads once it has', async () => {
    const { worker, install, registration } = serviceWorkerFinding('a new worker');
    const reload = vi.fn();
    const reloading = reloadIntoUpdate(reload);
    await vi.waitFor(() => expect(registration.update).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(worker.postMessage).not.toHaveBeenCalled();
    install();
    await reloading;
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when there is nothing new, or no service worker at all', async () => {
    serviceWorkerFinding('nothing new');
    const reload = vi.fn();
    await reloadIntoUpdate(reload);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.stubGlobal('navigator', {});
    await reloadIntoUpdate(reload);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads anyway when the new worker does not install or take over in time', async () => {
    vi.useFakeTimers();
    serviceWorkerFinding('a new worker');
    const reload = vi.fn();
    const reloading = reloadIntoUpdate(reload);
    await vi.advanceTimersByTimeAsync(2 * UPDATE_WAIT_MS);
    await reloading;
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
