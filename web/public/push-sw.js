/*
 * Notifications, in the service worker (vite.config.ts imports this file into the one workbox
 * makes). A message is Apple's declarative shape (common/push.ts, PushPayload): Safari on a Home
 * Screen app shows it by itself; every other browser comes here. A click opens the list, in a
 * window of the app already open when there is one. A subscription the push service replaced is
 * made again and handed to the app, which sends it (docs/decisions/066).
 */

/* Where the worker and the app keep the device's push facts: PUSH_DEVICE_STORE in common/push.ts. */
const PUSH_DEVICE_STORE = { database: 'listo-push', store: 'device', serverKey: 'server-key', changed: 'changed-subscription' };
/* The message that tells open windows a changed subscription waits: PUSH_SUBSCRIPTION_CHANGED in common/push.ts. */
const PUSH_SUBSCRIPTION_CHANGED = 'listo-push-subscription-changed';

self.addEventListener('push', (event) => {
  let notification;
  try {
    notification = event.data?.json().notification;
  } catch {
    notification = undefined;
  }
  if (!notification?.title) return;
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body,
      tag: notification.tag,
      icon: '/icon-192.png',
      badge: '/favicon-32.png',
      data: { navigate: notification.navigate },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.navigate ?? '/', self.location.origin);
  // Only this app's own addresses: a message never sends the user elsewhere.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(openApp(url));
});

/**
 * Shows `url` in a window of the app this worker controls, brought forward, or else in a new one.
 * Navigating needs no permission; focusing and opening do, which only a click grants for a moment:
 * the focus is asked at once, beside the navigation, not after it.
 */
async function openApp(url) {
  const [open] = await self.clients.matchAll({ type: 'window' });
  if (open) {
    const focused = open.focus().catch(() => undefined);
    const shown = await open.navigate(url).catch(() => null);
    await focused;
    if (shown) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(resubscribe(event));
});

/**
 * The push service ended the subscription (expired, or its keys rotated): a new one, with the
 * server's key, kept for the app to send in place of the old, as the worker holds no session. Open
 * windows send it now; otherwise the app does at its next start.
 */
async function resubscribe(event) {
  const serverKey = (await deviceStore('readonly', (store) => store.get(PUSH_DEVICE_STORE.serverKey))) ?? event.oldSubscription?.options?.applicationServerKey;
  let subscription = event.newSubscription;
  if (!subscription && serverKey) subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  if (!subscription) return;
  await deviceStore('readwrite', (store) => store.put(subscription.toJSON(), PUSH_DEVICE_STORE.changed));
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: PUSH_SUBSCRIPTION_CHANGED });
}

/** One request on the device's store (IndexedDB, which a worker can reach and the app too), answered once its transaction is done. */
function deviceStore(mode, request) {
  return new Promise((resolve, reject) => {
    const opening = self.indexedDB.open(PUSH_DEVICE_STORE.database);
    opening.onupgradeneeded = () => opening.result.createObjectStore(PUSH_DEVICE_STORE.store);
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const database = opening.result;
      const transaction = database.transaction(PUSH_DEVICE_STORE.store, mode);
      const asked = request(transaction.objectStore(PUSH_DEVICE_STORE.store));
      transaction.oncomplete = () => {
        database.close();
        resolve(asked.result);
      };
      transaction.onerror = () => reject(transaction.error);
    };
  });
}
