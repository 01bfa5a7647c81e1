import { createStore as createIdbStore, del, get, set } from 'idb-keyval';
import { PushSubscriptionBody } from '../../../common/schemas/push.ts';
import { deleteSubscription, fetchPushStatus, saveSubscription } from './push-api.ts';
import { PUSH_DEVICE_STORE, PUSH_OFFERED_STORAGE_KEY, PUSH_SUBSCRIPTION_CHANGED } from '../../../common/push.ts';
import { localStore } from '../../core/store/local-storage.ts';
import { session } from '../../core/store/session.ts';
import { createStore, useStore } from '../../core/store/store.ts';

/**
 * Notifications on this device (web/public/push-sw.js shows them): what the browser allows, and
 * turning them on and off. Nothing here throws into the console: every state is said on screen.
 */

/** Why this device can or cannot get notifications now, as Account Settings says it. */
export type PushState = 'unsupported' | 'insecure' | 'blocked' | 'offline' | 'off' | 'on';

export function browserPushState(): Exclude<PushState, 'on' | 'off' | 'offline'> | 'ask' | 'granted' {
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' ? 'granted' : 'ask';
}

/** The service worker's registration, if one controls the app (it starts at an idle moment after the first screen). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const ready = navigator.serviceWorker.ready;
  const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000));
  return Promise.race([ready, late]);
}

/** This device's state: the browser's word first, then the server's (whether this session is subscribed). */
export async function readPushState(): Promise<PushState> {
  const browser = browserPushState();
  if (browser !== 'ask' && browser !== 'granted') return browser;
  if (!navigator.onLine) return 'offline';
  const { subscribed } = await fetchPushStatus();
  return subscribed && browser === 'granted' ? 'on' : 'off';
}

/** Asks the browser, subscribes with the server's key, and hands the subscription to the server. */
export async function turnPushOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const worker = await registration();
  if (!worker) return 'unsupported';
  const { public_key } = await fetchPushStatus();
  const existing = await worker.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) is refused by the push service.
  const key = existing?.options.applicationServerKey;
  if (existing && key && base64Url(key) !== public_key) await existing.unsubscribe();
  const subscription =
    (existing && key && base64Url(key) === public_key ? existing : undefined) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key }));
  await saveSubscription(PushSubscriptionBody.parse(subscription.toJSON()));
  // The worker subscribes again with it when the push service ends this subscription.
  await bestEffort(() => set(PUSH_DEVICE_STORE.serverKey, public_key, deviceStore()));
  return 'on';
}

/** Stops notifications on this device: the server forgets it, and so does the browser. */
export async function turnPushOff(): Promise<PushState> {
  await deleteSubscription();
  const worker = await registration();
  await (await worker?.pushManager.getSubscription())?.unsubscribe();
  return 'off';
}

/** The device's push facts in IndexedDB, shared with the service worker (opened when first used). */
let device: ReturnType<typeof createIdbStore> | undefined;
const deviceStore = () => (device ??= createIdbStore(PUSH_DEVICE_STORE.database, PUSH_DEVICE_STORE.store));

/** A write to the device's store that may fail: where IndexedDB is missing, opening it throws at once. */
async function bestEffort(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch {
    // No store on this device: there is nothing to keep or to forget.
  }
}

/**
 * Sends the subscription the service worker made in place of one the push service ended
 * (web/public/push-sw.js), in place of the old: this session's subscriptions are deleted, the new
 * one is saved. Kept for a later try when the server cannot be reached; dropped when malformed.
 */
export async function sendChangedSubscription(): Promise<void> {
  const changed: unknown = await get(PUSH_DEVICE_STORE.changed, deviceStore());
  if (changed === undefined) return;
  const subscription = PushSubscriptionBody.safeParse(changed);
  if (subscription.success) {
    await deleteSubscription();
    await saveSubscription(subscription.data);
  }
  await del(PUSH_DEVICE_STORE.changed, deviceStore());
}

/** While signed in: a changed subscription is sent at start, and when the worker says one waits. */
export function startChangedSubscriptionWatch(): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const send = () => void sendChangedSubscription().catch(() => undefined);
  const onMessage = (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: unknown } | null)?.type === PUSH_SUBSCRIPTION_CHANGED) send();
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  send();
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}

// A subscription waiting to be sent belongs to the session that turned notifications on: another
// account signing in on this device must not take it.
session.onSignOut(() => void bestEffort(() => del(PUSH_DEVICE_STORE.changed, deviceStore())));

function base64Url(buffer: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(buffer))).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The offer after a first share is made once per device, whatever the answer. */
const offerStore = createStore(false);
/** An offer earned by a share, shown once the Share dialog (with a link still to copy) is closed. */
let offerWaiting = false;

/** Called once an invitation went out: the offer is due if this device never saw it and could say yes. */
export function offerPushAfterShare(): void {
  if (localStore.getItem(PUSH_OFFERED_STORAGE_KEY) !== null || browserPushState() !== 'ask') return;
  localStore.setItem(PUSH_OFFERED_STORAGE_KEY, '1');
  offerWaiting = true;
}

/** Shows the offer a share earned, if any: called as the Share dialog closes, never on top of it. */
export function showWaitingPushOffer(): void {
  if (!offerWaiting) return;
  offerWaiting = false;
  offerStore.set(true);
}

export const usePushOffer = () => useStore(offerStore, (open) => open);
export const closePushOffer = () => offerStore.set(false);
