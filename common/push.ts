import { shortName } from './short-name.ts';

/**
 * Push notifications (docs/api.md, "Notifications"): their limits, their words, and the payload
 * the service worker shows. A notification carries no more than the message: the list's name,
 * who did what, and where a click goes.
 */

/** Item changes of one list are gathered this long (from the first) into one message. */
export const PUSH_WINDOW_MS = 60_000;
/** How long a push service keeps a message for a device that is off: item news goes stale, a ping sooner. */
export const PUSH_TTL_SECONDS = { items: 6 * 3600, invitation: 7 * 24 * 3600, ping: 3600 } as const;
/** "I'm going shopping" once per member and list in this time: a ping is a ping, not a stream. */
export const PING_COOLDOWN_MS = 10 * 60_000;
/** Names written out in an item message before "and N more". */
export const PUSH_NAMES_SHOWN = 2;
/** What a subscription may carry: endpoints of the push services in use are a few hundred characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;
/** A P-256 public key, uncompressed (RFC 8291): 65 bytes. */
export const PUSH_P256DH_BYTES = 65;
/** The authentication secret (RFC 8291): 16 bytes. */
export const PUSH_AUTH_BYTES = 16;
/** The `web_push` member of Apple's declarative payload: its version, without which Safari runs the service worker. */
export const DECLARATIVE_PUSH_VERSION = 8030;
/** localStorage: this device was offered notifications once (after its first share) and is not asked again. */
export const PUSH_OFFERED_STORAGE_KEY = 'listo_push_offered';
/**
 * Where the service worker (web/public/push-sw.js, which keeps a copy: it is not bundled) and the
 * app keep this device's push facts in IndexedDB: the server's key to subscribe with, and a
 * subscription the worker made in place of one the push service ended, until the app has sent it.
 */
export const PUSH_DEVICE_STORE = { database: 'listo-push', store: 'device', serverKey: 'server-key', changed: 'changed-subscription' } as const;
/** The worker's message to open windows: a changed subscription waits to be sent. */
export const PUSH_SUBSCRIPTION_CHANGED = 'listo-push-subscription-changed';
/** Where a list opens (the web app's route). */
export const listPath = (listId: string) => `/lists/${listId}`;

export const PUSH_MESSAGES = {
  endpointInvalid: 'The push subscription endpoint must be an https:// address of a push service',
  endpointPrivate: 'The push subscription endpoint must not be a private, loopback or link-local address',
  endpointTooLong: `The push subscription endpoint must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`,
  keyP256dhInvalid: `The subscription key p256dh must be a base64url P-256 public key (${PUSH_P256DH_BYTES} bytes)`,
  keyAuthInvalid: `The subscription key auth must be ${PUSH_AUTH_BYTES} base64url bytes`,
  sessionOnly: 'Notifications are for a signed-in device: apps linked to the account cannot subscribe',
  membersOnly: 'Only the owner and members of a list get its notifications',
  pingTooSoon: 'You told the others a moment ago; try again in a few minutes',
} as const;

/** The words of the settings and menus (web/features/account/Notifications.tsx, the list menu). */
export const PUSH_UI_TEXT = {
  section: 'Notifications',
  explain: 'Hear on this device when someone else adds to or checks off a shared list, invites you, or goes shopping.',
  turnOn: 'Turn on notifications on this device',
  turnOff: 'Turn off notifications on this device',
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  unsupported: 'This browser cannot show notifications from Listo. On an iPhone or iPad, add Listo to the Home Screen first.',
  insecure: 'Notifications need Listo to be opened over https://.',
  blocked: 'Notifications are blocked for Listo in this browser’s settings. Allow them there, then come back.',
  offline: 'You are offline: notifications can be turned on or off once the connection is back.',
  failed: 'Notifications could not be turned on. Try again in a moment.',
  offerTitle: 'Hear when they add something?',
  offerText: 'Get a notification on this device when someone else changes a list you share.',
  offerAccept: 'Turn on',
  offerDecline: 'Not now',
  mute: 'Mute notifications for this list',
  muteHelp: 'You still see every change here; this device and your others stay quiet about this list.',
  goingShopping: 'I’m going shopping',
  pingSent: 'The others have been told you are going shopping.',
  pingNobody: 'Nobody else gets notifications for this list yet.',
  pingFailed: 'The others could not be told. Try again in a moment.',
  muteFailed: 'The list’s notifications could not be changed. Try again in a moment.',
} as const;

/** What a notification shows and where its click goes: Apple's declarative shape, read by our service worker too. */
export interface PushPayload {
  web_push: typeof DECLARATIVE_PUSH_VERSION;
  notification: {
    title: string;
    body: string;
    /** The absolute address a click opens. */
    navigate: string;
    /** One notification per list on the screen: a newer one replaces it. */
    tag: string;
  };
}

export function pushPayload(publicUrl: string, listId: string, title: string, body: string): PushPayload {
  return {
    web_push: DECLARATIVE_PUSH_VERSION,
    notification: { title, body, navigate: `${publicUrl}${listPath(listId)}`, tag: `list-${listId}` },
  };
}

/** The Topic header of a list's messages (32 base64url characters at most): a newer message replaces one still waiting. */
export const pushTopic = (listId: string) => listId.replaceAll('-', '');

export type ItemEventKind = 'added' | 'checked';

/** One person's gathered changes of one kind, in the order made. */
export interface GatheredChanges {
  who: string;
  kind: ItemEventKind;
  names: readonly string[];
}

/** "milk", "milk and eggs", "milk, eggs and 2 more". */
export function namesLine(names: readonly string[]): string {
  const shown = names.slice(0, PUSH_NAMES_SHOWN).map(shortName);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length === 2 ? `${shown[0]} and ${shown[1]}` : (shown[0] ?? '');
}

/**
 * The body of a gathered item message: "Anna added milk, eggs and 2 more to Groceries"; several
 * people or kinds each get their sentence ("Anna added milk to Groceries. Ben checked off bread.").
 */
export function itemsMessage(listName: string, gathered: readonly GatheredChanges[]): string {
  return gathered
    .map(({ who, kind, names }, index) => {
      const line = `${who} ${kind === 'added' ? 'added' : 'checked off'} ${namesLine(names)}`;
      if (index > 0) return `${line}.`;
      return kind === 'added' ? `${line} to ${listName}` : `${line} on ${listName}`;
    })
    .join('. ');
}

export const invitationMessage = (who: string, listName: string) => `${who} shared ${listName} with you`;
export const pingMessage = (who: string, listName: string) => `${who} is going shopping: anything to add to ${listName}?`;
