import 'fake-indexeddb/auto';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createStore, del, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_DEVICE_STORE, PUSH_SUBSCRIPTION_CHANGED } from '../../../common/push.ts';
import { deleteSubscription, saveSubscription } from './push-api.ts';
import { sendChangedSubscription } from './push.ts';

vi.mock('./push-api.ts', () => ({ deleteSubscription: vi.fn(async () => undefined), saveSubscription: vi.fn(async () => undefined), fetchPushStatus: vi.fn() }));

/**
 * The service worker's notification handlers (web/public/push-sw.js), run on a stand-in for the
 * worker's global scope: the browser's part (push manager, windows) is faked, IndexedDB is the
 * one the app reads too (fake-indexeddb), so the hand-over from the worker to the app is real.
 */

const SERVER_KEY = `B${'k'.repeat(86)}`;
const renewed = { endpoint: 'https://push.example.net/send/renewed', expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } };
const store = createStore(PUSH_DEVICE_STORE.database, PUSH_DEVICE_STORE.store);

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const subscribe = vi.fn(async (_options: unknown) => ({ toJSON: () => renewed }));
  const openWindow = vi.fn(async () => null);
  const scope = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    indexedDB,
    location: new URL('https://listo.example'),
    registration: { pushManager: { subscribe } },
    clients: { matchAll: vi.fn(async () => windows), openWindow },
  };
  vm.runInNewContext(fs.readFileSync(path.resolve(import.meta.dirname, '../../public/push-sw.js'), 'utf8'), { self: scope, URL });
  /** Dispatches an event as the browser would, and waits for what the handler waits on. */
  const dispatch = async (type: string, event: object) => {
    const waited: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waited.push(promise) });
    await Promise.all(waited);
  };
  return { dispatch, subscribe, openWindow };
}

function fakeWindow(navigates = true): FakeWindow {
  return {
    url: 'https://listo.example/',
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async () => (navigates ? {} : Promise.reject(new TypeError('not controlled')))),
    postMessage: vi.fn(),
  };
}

beforeEach(async () => {
  await del(PUSH_DEVICE_STORE.changed, store);
  await del(PUSH_DEVICE_STORE.serverKey, store);
  vi.mocked(deleteSubscription).mockClear();
  vi.mocked(saveSubscription).mockClear();
});

describe('a subscription the push service ended', () => {
  it('is made again with the server’s key, and the app sends it in place of the old', async () => {
    await set(PUSH_DEVICE_STORE.serverKey, SERVER_KEY, store);
    const open = fakeWindow();
    const worker = loadWorker([open]);
    await worker.dispatch('pushsubscriptionchange', { oldSubscription: null, newSubscription: null });
    expect(worker.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: SERVER_KEY });
    expect(open.postMessage).toHaveBeenCalledWith({ type: PUSH_SUBSCRIPTION_CHANGED });

    await sendChangedSubscription();
    expect(deleteSubscription).toHaveBeenCalledOnce();
    expect(saveSubscription).toHaveBeenCalledWith(renewed);
    expect(vi.mocked(deleteSubscription).mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(saveSubscription).mock.invocationCallOrder[0]!);
    // Sent once: nothing waits any more.
    await sendChangedSubscription();
    expect(saveSubscription).toHaveBeenCalledOnce();
  });

  it('takes the new subscription the browser gives, or the old one’s key when the app never kept one', async () => {
    const given = loadWorker();
    await given.dispatch('pushsubscriptionchange', { oldSubscription: null, newSubscription: { toJSON: () => renewed } });
    expect(given.subscribe).not.toHaveBeenCalled();
    expect(await get(PUSH_DEVICE_STORE.changed, store)).toEqual(renewed);

    const old = loadWorker();
    await old.dispatch('pushsubscriptionchange', { oldSubscription: { options: { applicationServerKey: SERVER_KEY } }, newSubscription: null });
    expect(old.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: SERVER_KEY });
  });

  it('is kept for a later try when the server cannot be reached, and dropped when it is not a subscription', async () => {
    await set(PUSH_DEVICE_STORE.changed, renewed, store);
    vi.mocked(saveSubscription).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(sendChangedSubscription()).rejects.toThrow('Failed to fetch');
    expect(await get(PUSH_DEVICE_STORE.changed, store)).toEqual(renewed);

    await set(PUSH_DEVICE_STORE.changed, { endpoint: 'http://not-a-push-service' }, store);
    vi.mocked(saveSubscription).mockClear();
    await sendChangedSubscription();
    expect(saveSubscription).not.toHaveBeenCalled();
    expect(await get(PUSH_DEVICE_STORE.changed, store)).toBeUndefined();
  });
});

describe('a click on a notification', () => {
  const click = { notification: { close: vi.fn(), data: { navigate: 'https://listo.example/lists/abc' } } };

  it('shows the list in the open window and brings it forward', async () => {
    const open = fakeWindow();
    const worker = loadWorker([open]);
    await worker.dispatch('notificationclick', click);
    expect(open.navigate).toHaveBeenCalledWith('https://listo.example/lists/abc');
    expect(open.focus).toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when none can show it, and never another site', async () => {
    const worker = loadWorker([fakeWindow(false)]);
    await worker.dispatch('notificationclick', click);
    expect(worker.openWindow).toHaveBeenCalledWith('https://listo.example/lists/abc');
    const elsewhere = loadWorker();
    await elsewhere.dispatch('notificationclick', { notification: { close: vi.fn(), data: { navigate: 'https://evil.example/' } } });
    expect(elsewhere.openWindow).toHaveBeenCalledWith('https://listo.example');
  });
});
