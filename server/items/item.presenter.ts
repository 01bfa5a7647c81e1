import type { ItemView } from '../../common/schemas/items.ts';
import type { ItemRow } from '../db/schema.ts';
import { fromJson, toBool } from '../db/values.ts';

/** The one shape in which an item leaves the server. */
export function presentItem(row: ItemRow): ItemView {
  return {
    id: row.id,
    list_id: row.list_id,
    content: row.content,
    is_completed: toBool(row.is_completed),
    position: row.position,
    properties: fromJson(row.properties),
    images: row.images === null ? null : fromJson(row.images),
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
