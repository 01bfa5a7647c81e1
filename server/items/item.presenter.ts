import type { ItemImagesView } from '../../common/schemas/images.ts';
import type { ItemView } from '../../common/schemas/items.ts';
import type { PublicItemView } from '../../common/schemas/lists.ts';
import type { ItemRow } from '../db/schema.ts';
import { fromJson, toBool } from '../db/values.ts';

export type ItemPresenter = (row: ItemRow, audience: { member: boolean }) => ItemView;

/**
 * The one shape in which an item leaves the server, for REST and live subscriptions alike. Who
 * added it is for the list's members: a reader of a public list (signed in or not) never learns
 * another account's id. `presentImages` turns the stored picture into signed URLs (server/images/):
 * items are only presented to readers of their list, so only they ever get such a URL.
 */
export function createItemPresenter(presentImages: (stored: unknown) => ItemImagesView | null): ItemPresenter {
  return (row, audience) => ({
    id: row.id,
    list_id: row.list_id,
    content: row.content,
    is_completed: toBool(row.is_completed),
    position: row.position,
    properties: fromJson(row.properties),
    images: row.images === null ? null : presentImages(fromJson(row.images)),
    created_by: audience.member ? row.created_by : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });
}

/** An item of a public list for a visitor with the link: read-only, no author. */
export function toPublicItem({ list_id: _list, created_by: _author, ...item }: ItemView): PublicItemView {
  return item;
}
