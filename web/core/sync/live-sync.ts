import { REALTIME_PAUSED_NOTICE_MS } from '../../../common/realtime.ts';
import type { LiveClient, LiveStatus } from '../net/live-client.ts';
import { createBrowserLiveClient } from '../net/live.ts';
import { appStore, type AppState } from '../store/app-state.ts';
import { session } from '../store/session.ts';
import { onReplayed, replayPendingChanges } from './sync.ts';

/**
 * The live socket of the signed-in app (docs/api.md, "Live subscriptions"): one per app, its status
 * on the banner, and the account-wide topics started with it. Which topics there are and what
 * their documents do to the store, the features say: they subscribe through `liveClient()`, and
 * app/ hands the account-wide ones to `startLiveSync`. REST stays the way writes go; this only
 * brings everyone's changes in without a reload.
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
export function liveClient(): LiveClient {
  client ??= createBrowserLiveClient({ onStatus: followLiveStatus, onAccountDeleted: () => session.end('deleted') });
  return client;
}

/** An account-wide live topic's follower: subscribes on the socket and answers its unsubscribe function. */
export type LiveFollower = (live: LiveClient) => () => void;

/** Starts the socket and the account-wide subscriptions `followers` make; answers a stop function (sign-out). */
export function startLiveSync(followers: readonly LiveFollower[]): () => void {
  const live = liveClient();
  const unfollows = followers.map((follow) => follow(live));

  // Changes sent after an outage mean the server answers again: the socket need not wait out its backoff.
  const stopFollowingReplays = onReplayed(() => live.checkNow());

  return () => {
    stopFollowingReplays();
    unfollows.forEach((unfollow) => unfollow());
    live.close();
    if (client === live) client = undefined;
  };
}
