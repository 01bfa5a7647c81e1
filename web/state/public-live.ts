import { ACCESS_LOST } from '../../common/realtime.ts';
import type { PublicItemView } from '../../common/schemas/lists.ts';
import { createBrowserLiveClient } from '../realtime/live.ts';

/**
 * Follows the items of a public list for a visitor who is not signed in: a socket of its own,
 * anonymous (no session to get a ticket with), that lives as long as the screen. Reconnects and
 * resumes as the signed-in app's socket does. Answers the stop function.
 */
export function followPublicItems(
  listId: string,
  handlers: { onItems: (items: PublicItemView[]) => void; onGone: () => void },
): () => void {
  const live = createBrowserLiveClient({ anonymous: true });
  live.subscribe<PublicItemView>({
    topic: 'items',
    listId,
    onUpdate: (docs) => handlers.onItems([...docs.values()]),
    // Made private or deleted: the server ends the subscription, as for a member who lost access.
    onEnd: (code) => {
      if (ACCESS_LOST.has(code)) handlers.onGone();
    },
  });
  return () => live.close();
}
