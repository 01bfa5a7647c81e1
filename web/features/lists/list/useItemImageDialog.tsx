import { Suspense, useCallback, useRef, useState } from 'react';
import { MESSAGES } from '../../../../common/messages.ts';
import type { ClientItem } from '../../../core/store/app-state.ts';
import { ItemImageDialog, refusedOnTemporaryList } from '../../photos/index.ts';
import { primaryImage } from '../../../core/store/item-images.ts';
import { belowTheRows, keysAround, rowInPlace } from './row-focus.ts';

// The camera and the dialogs load when first used, not with the list.

/**
 * The image dialog of a list's rows: `open` goes to every row (a stable function, so rows stay
 * memoised), `dialog` is rendered once and follows the item in `items`, as the screen shows it.
 * Adding an image to a list the server has not confirmed yet is refused with an alert.
 */
export function useItemImageDialog(listId: string, editable: boolean, items: readonly ClientItem[]) {
  const [itemId, setItemId] = useState<string | null>(null);
  // The dialog gives the focus back to the row's image button that opened it (Modal), the same
  // button whether the image came, went or stayed. When the row went (the item deleted elsewhere),
  // to the row in its place: the rows around it are noted as it opens.
  const around = useRef<{ list: Element; keys: string[] }>(undefined);
  const open = useCallback(
    (item: ClientItem) => {
      if (!primaryImage(item) && refusedOnTemporaryList(listId, MESSAGES.tempListNoImages)) return;
      const row = document.querySelector(`[data-key="${CSS.escape(item.id)}"]`);
      const list = row?.parentElement;
      const keys = [...(list?.children ?? [])].map((child) => (child as HTMLElement).dataset.key ?? '');
      around.current = list ? { list, keys: keysAround(keys, item.id) } : undefined;
      setItemId(item.id);
    },
    [listId],
  );
  const rowInItsPlace = useCallback(() => (around.current ? rowInPlace(around.current.list, around.current.keys) : belowTheRows()), []);

  const dialog = itemId !== null && (
    <Suspense>
      <ItemImageDialog
        key={itemId}
        listId={listId}
        item={items.find((entry) => entry.id === itemId)}
        editable={editable}
        onClose={() => setItemId(null)}
        fallbackFocus={rowInItsPlace}
      />
    </Suspense>
  );
  return { open, dialog };
}
