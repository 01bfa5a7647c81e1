import { lazy, Suspense, useCallback, useState } from 'react';
import { MESSAGES } from '../../../common/messages.ts';
import type { ClientItem } from '../../state/app-state.ts';
import { refusedOnTemporaryList } from '../../state/image-actions.ts';
import { primaryImage } from '../../state/item-images.ts';

// The camera and the dialogs load when first used, not with the list.
const ItemImageDialog = lazy(() => import('./ItemImageDialog.tsx').then((m) => ({ default: m.ItemImageDialog })));

/**
 * The image dialog of a list's rows: `open` goes to every row (a stable function, so rows stay
 * memoised), `dialog` is rendered once. Adding an image to a list the server has not confirmed yet
 * is refused with the spec's alert.
 */
export function useItemImageDialog(listId: string, editable: boolean) {
  const [itemId, setItemId] = useState<string | null>(null);
  // The dialog gives the focus back to the row's image button that opened it (Modal), the same
  // button whether the image came, went or stayed.
  const open = useCallback(
    (item: ClientItem) => {
      if (!primaryImage(item) && refusedOnTemporaryList(listId, MESSAGES.tempListNoImages)) return;
      setItemId(item.id);
    },
    [listId],
  );

  const dialog = itemId !== null && (
    <Suspense>
      <ItemImageDialog key={itemId} listId={listId} itemId={itemId} editable={editable} onClose={() => setItemId(null)} />
    </Suspense>
  );
  return { open, dialog };
}
