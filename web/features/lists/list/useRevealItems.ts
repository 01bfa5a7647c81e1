import { useEffect } from 'react';
import { itemsRevealed, useItemsToReveal } from '../../items/index.ts';

/**
 * Scrolls the list to the first row, in display order, of the items asked to be revealed
 * (web/features/items/reveal-items.ts), as soon as one of them is drawn: an item on its way is waited for.
 */
export function useRevealItems(rows: readonly { key: string }[], scrollToIndex: (index: number) => void): void {
  const ids = useItemsToReveal();
  useEffect(() => {
    if (ids.length === 0) return;
    const wanted = new Set(ids);
    const index = rows.findIndex((row) => wanted.has(row.key));
    if (index === -1) return;
    scrollToIndex(index);
    itemsRevealed();
  }, [ids, rows, scrollToIndex]);
}
