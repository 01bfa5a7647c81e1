import { AI_BANNER_MS } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import type { UserView } from '../../../common/schemas/auth.ts';
import type { LiveClient } from '../../core/net/live-client.ts';
import { session } from '../../core/store/session.ts';
import { createStore, useStore } from '../../core/store/store.ts';
import { notify } from '../../core/store/toasts.ts';

/**
 * How many times the account's document has arrived live. The server also sends it, unchanged,
 * when the invitations waiting for the account's address come, change or go.
 */
const arrivals = createStore(0);
export const useUserDocumentArrivals = (): number => useStore(arrivals, (count) => count);

/**
 * The account-wide `user` topic: the signed-in user's document changed elsewhere (a new name, AI
 * turned on by an admin) reaches the session at once. Answers the unsubscribe function.
 */
export function followSignedInUser(live: LiveClient): () => void {
  const subscription = live.subscribe<UserView>({
    topic: 'user',
    onUpdate: (docs) => {
      const user = [...docs.values()][0];
      const before = session.get().user;
      arrivals.update((count) => count + 1);
      if (!user || !before) return;
      if (user.can_use_ai && !before.can_use_ai) notify(MESSAGES.aiEnabledBanner, 'success', AI_BANNER_MS);
      session.setUser(user);
    },
  });
  return () => subscription.unsubscribe();
}
