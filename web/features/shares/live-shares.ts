import type { ShareView } from '../../../common/schemas/shares.ts';
import { liveClient } from '../../core/sync/live-sync.ts';
import { setServerShares } from './share-actions.ts';

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
