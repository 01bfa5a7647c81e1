import type { ItemView } from '../../../common/schemas/items.ts';
import type { ListView } from '../../../common/schemas/lists.ts';
import { ACCESS_LOST, type ErrorCode } from '../../../common/realtime.ts';
import type { LiveClient } from '../../core/net/live-client.ts';
import { appStore } from '../../core/store/app-state.ts';
import { keepImageUrlsFresh } from '../../core/sync/fresh-image-urls.ts';
import { liveClient } from '../../core/sync/live-sync.ts';
import { setServerItems, type ItemsRead } from '../items/index.ts';
import { removeListLocally, updateVisitedList } from './list-actions.ts';
import { listsFromServer } from './renames-on-their-way.ts';

/**
 * The live topics of lists (docs/api.md, "Live subscriptions"): the user's own lists and those
 * shared with them, the items of the open list, and the document of a list opened by its link.
 */

const newestFirst = (a: ListView, b: ListView) => b.created_at.localeCompare(a.created_at);

/** The account-wide `lists` and `shares` topics, for the dashboard; answers the unsubscribe function. */
export function followAccountLists(live: LiveClient): () => void {
  const topics: Record<'lists' | 'shares', ListView[] | undefined> = { lists: undefined, shares: undefined };

  const applyLists = () => {
    if (!topics.lists || !topics.shares) return; // both first, so shared lists do not pop in later
    const server = [...topics.lists, ...topics.shares].sort(newestFirst);
    appStore.update((state) => {
      // A list that left the member's topics (access removed, deleted) leaves the store with its items.
      const gone = state.lists.filter((list) => !list.tempId && !server.some((entry) => entry.id === list.id));
      const items = { ...state.items };
      for (const list of gone) delete items[list.id];
      return { ...state, listsLoaded: true, items, lists: listsFromServer(state, server) };
    });
  };

  const subscriptions = (['lists', 'shares'] as const).map((topic) =>
    live.subscribe<ListView>({
      topic,
      onUpdate: (docs) => {
        topics[topic] = [...docs.values()];
        applyLists();
      },
    }),
  );
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
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

