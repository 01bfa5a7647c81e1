import { AI_BANNER_MS } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { UserView } from '../../common/schemas/auth.ts';
import type { ItemView } from '../../common/schemas/items.ts';
import type { ListView } from '../../common/schemas/lists.ts';
import type { ShareView } from '../../common/schemas/shares.ts';
import { ACCESS_LOST, REALTIME_PAUSED_NOTICE_MS, type ErrorCode } from '../../common/realtime.ts';
import type { ItemsRead } from '../api/items.ts';
import type { LiveClient, LiveStatus } from '../realtime/live-client.ts';
import { createBrowserLiveClient } from '../realtime/live.ts';
import { appStore, type AppState } from './app-state.ts';
import { keepImageUrlsFresh } from './fresh-image-urls.ts';
import { setServerItems } from './item-actions.ts';
import { removeListLocally, updateVisitedList } from './list-actions.ts';
import { mergeServerLists } from './optimistic.ts';
import { session } from './session.ts';
import { setServerShares } from './share-actions.ts';
import { onReplayed, replayPendingChanges } from './sync.ts';
import { notify } from './toasts.ts';

/**
 * Live updates (spec section 7, "Live subscriptions") feeding the store: the user's own lists,
 * the lists shared with them, the user document, the items of the open list, and the document of
 * a list opened by its link. REST stays the
 * way writes go; this only brings everyone's changes in without a reload.
 */

let client: LiveClient | undefined;
let pausedNotice: ReturnType<typeof setTimeout> | undefined;

/**
 * Tells the banner when the socket has been down past a quick reconnect, and when it is back; and
 * when the server has been updated to a protocol this page does not speak (only a reload helps).
 * A socket that opens again also sends the changes queued meanwhile.
 */
function followLiveStatus(status: LiveStatus): void {
  if (status === 'connecting' || status === 'waiting') {
    pausedNotice ??= setTimeout(() => setLiveNotice('paused'), REALTIME_PAUSED_NOTICE_MS);
    return;
  }
  clearTimeout(pausedNotice);
  pausedNotice = undefined;
  setLiveNotice(status === 'outdated' ? 'outdated' : undefined);
  // The server answers again: changes queued while it was away need not wait for their next retry.
  if (status === 'open' && appStore.get().pendingChanges.length > 0) void replayPendingChanges();
}

function setLiveNotice(liveNotice: AppState['liveNotice']): void {
  if (appStore.get().liveNotice !== liveNotice) appStore.update((state) => ({ ...state, liveNotice }));
}

/** One socket per signed-in app; created by whichever needs it first (a deep-linked list's effect runs before the app's). */
function liveClient(): LiveClient {
  client ??= createBrowserLiveClient({ onStatus: followLiveStatus, onAccountDeleted: () => session.end('deleted') });
  return client;
}

const newestFirst = (a: ListView, b: ListView) => b.created_at.localeCompare(a.created_at);

/** Starts the socket and the account-wide subscriptions; answers a stop function (sign-out). */
export function startLiveSync(): () => void {
  const live = liveClient();
  const topics: Record<'lists' | 'shares', ListView[] | undefined> = { lists: undefined, shares: undefined };

  const applyLists = () => {
    if (!topics.lists || !topics.shares) return; // both first, so shared lists do not pop in later
    const server = [...topics.lists, ...topics.shares].sort(newestFirst);
    appStore.update((state) => {
      // A list that left the member's topics (access removed, deleted) leaves the store with its items.
      const gone = state.lists.filter((list) => !list.tempId && !server.some((entry) => entry.id === list.id));
      const items = { ...state.items };
      for (const list of gone) delete items[list.id];
      return { ...state, listsLoaded: true, items, lists: mergeServerLists(state.lists, server, state.pendingChanges) };
    });
  };

  const subscriptions: { unsubscribe(): void }[] = (['lists', 'shares'] as const).map((topic) =>
    live.subscribe<ListView>({
      topic,
      onUpdate: (docs) => {
        topics[topic] = [...docs.values()];
        applyLists();
      },
    }),
  );
  subscriptions.push(
    live.subscribe<UserView>({
      topic: 'user',
      onUpdate: (docs) => {
        const user = [...docs.values()][0];
        const before = session.get().user;
        if (!user || !before) return;
        if (user.can_use_ai && !before.can_use_ai) notify(MESSAGES.aiEnabledBanner, 'success', AI_BANNER_MS);
        session.setUser(user);
      },
    }),
  );

  // Changes sent after an outage mean the server answers again: the socket need not wait out its backoff.
  const stopFollowingReplays = onReplayed(() => live.checkNow());

  return () => {
    stopFollowingReplays();
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    live.close();
    if (client === live) client = undefined;
  };
}

/** A list subscription's end: the list leaves the store when the server says it is out of reach. */
const forgetWhenOutOfReach = (listId: string) => (code: ErrorCode) => {
  if (ACCESS_LOST.has(code)) removeListLocally(listId);
};

/**
 * Follows the document of a list the user visits by its link (a public list, not one of theirs):
 * no `lists` or `shares` topic brings it, so the `list` topic does, and what the user may do with
 * it (`can`) and its name change on screen as soon as the owner changes them. Answers the
 * unsubscribe function.
 */
export function followVisitedList(listId: string): () => void {
  const subscription = liveClient().subscribe<ListView>({
    topic: 'list',
    listId,
    onUpdate: (docs) => {
      const [list] = docs.values();
      if (list) updateVisitedList(list);
    },
    onEnd: forgetWhenOutOfReach(listId),
  });
  return () => subscription.unsubscribe();
}

/**
 * How long the items' subscription waits for their load: a read stuck on a dead connection must not
 * hold back the live feed, which then asks for a snapshot instead.
 */
export const ITEMS_LOAD_WAIT_MS = 5_000;

/**
 * Follows the items of one list while it is open, from the items `loaded` read over REST: the socket
 * then brings only what changed since, not every item again. Without them (the read failed, or is
 * not in after ITEMS_LOAD_WAIT_MS) it asks for a snapshot, as it does for fresh image URLs before
 * they expire. Answers the unsubscribe function.
 */
export function followListItems(listId: string, loaded: Promise<ItemsRead | undefined>): () => void {
  let unfollow: (() => void) | undefined;
  let stopped = false;
  const follow = (read: ItemsRead | undefined) => {
    clearTimeout(waiting);
    if (stopped || unfollow) return;
    unfollow = keepImageUrlsFresh<ItemView>(({ renewal, onDocs, onEnd }) =>
      liveClient().subscribe<ItemView>({
        topic: 'items',
        listId,
        ...(read && !renewal && { from: { docs: read.items, seq: read.seq } }),
        onUpdate: (docs) => {
          setServerItems(listId, [...docs.values()]);
          onDocs(docs.values());
        },
        onEnd: (code) => {
          onEnd();
          forgetWhenOutOfReach(listId)(code);
        },
      }),
    );
  };
  const waiting = setTimeout(() => follow(undefined), ITEMS_LOAD_WAIT_MS);
  loaded.then(follow, () => follow(undefined));
  return () => {
    stopped = true;
    clearTimeout(waiting);
    unfollow?.();
  };
}

/**
 * Follows the members of one list while Share List shows them (the `list-shares` topic, owners and
 * admins only): members invited, changed or removed elsewhere show at once. Answers the
 * unsubscribe function.
 */
export function followListShares(listId: string): () => void {
  const subscription = liveClient().subscribe<ShareView>({
    topic: 'list-shares',
    listId,
    onUpdate: (docs) => setServerShares(listId, [...docs.values()]),
  });
  return () => subscription.unsubscribe();
}
