import { startLiveSync, type LiveFollower } from '../core/sync/live-sync.ts';
import { followSignedInUser } from '../features/account/index.ts';
import { followAccountLists } from '../features/lists/index.ts';

/** The account-wide live topics, each followed by the feature that owns what it brings. */
const ACCOUNT_TOPICS: readonly LiveFollower[] = [followAccountLists, followSignedInUser];

/** The signed-in app's socket with its account-wide topics; answers a stop function (sign-out). */
export const startAppLiveSync = (): (() => void) => startLiveSync(ACCOUNT_TOPICS);
