import { AI_PHOTO_ITEMS_MAX } from '../../common/ai.ts';
import { ITEM_CONTENT_MAX_LENGTH } from '../../common/constants.ts';
import { itemNameKey } from '../../common/item-input.ts';
import { trimUnseen } from '../../common/unseen-text.ts';

/**
 * The names read from a photo, by OCR or by a model, as the photo call answers them (docs/api.md):
 * cleaned as names are stored (`trimUnseen`: either may answer control characters or direction
 * overrides), each name once (as the list's duplicate rule tells names apart), no longer than an
 * item's content, at most AI_PHOTO_ITEMS_MAX.
 */
export function photoEntries(names: readonly string[]): string[] {
  const entries: string[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const content = trimUnseen(name).slice(0, ITEM_CONTENT_MAX_LENGTH);
    const key = itemNameKey(content);
    if (content === '' || seen.has(key)) continue;
    seen.add(key);
    entries.push(content);
    if (entries.length === AI_PHOTO_ITEMS_MAX) break;
  }
  return entries;
}
