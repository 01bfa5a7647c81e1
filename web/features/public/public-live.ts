import { ACCESS_LOST, type ErrorCode } from '../../../common/realtime.ts';
import type { PublicItemView, PublicListView } from '../../../common/schemas/lists.ts';
import { createBrowserLiveClient } from '../../core/net/live.ts';
import { keepImageUrlsFresh } from '../../core/sync/fresh-image-urls.ts';

/**
 * Follows a public list for a visitor who is not signed in: its document (its name) and its items,
 * on a socket of its own, anonymous (no session to get a ticket with), that lives as long as the
 * screen. Reconnects and resumes as the signed-in app's socket does. Answers the stop function.
 */
export function followPublicList(
  listId: string,
  handlers: { onList: (list: PublicListView) => void; onItems: (items: PublicItemView[]) => void; onGone: () => void },
): () => void {
  const live = createBrowserLiveClient({ anonymous: true });
  // Made private or deleted: the server ends the subscriptions, as for a member who lost access.
  const onEnd = (code: ErrorCode) => {
    if (ACCESS_LOST.has(code)) handlers.onGone();
  };
  live.subscribe<PublicListView>({
    topic: 'list',
    listId,
    onUpdate: (docs) => {
      const [list] = docs.values();
      if (list) handlers.onList(list);
    },
    onEnd,
  });
  const stopItems = keepImageUrlsFresh<PublicItemView>(({ onDocs, onEnd: ended }) =>
    live.subscribe<PublicItemView>({
      topic: 'items',
      listId,
      onUpdate: (docs) => {
        handlers.onItems([...docs.values()]);
        onDocs(docs.values());
      },
      onEnd: (code) => {
        ended();
        onEnd(code);
      },
    }),
  );
  return () => {
    stopItems();
    live.close();
  };
}
