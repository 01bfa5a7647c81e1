import type { ListShareSummary, ListView, PublicItemView, PublicListView, ShareInfoView } from '../../common/schemas/lists.ts';
import type { ItemRow, ListRow } from '../db/schema.ts';
import { fromJson, toBool } from '../db/values.ts';

/** How the caller stands to a list: the owner sees its shares, a member how it reached them. */
export type ListContext =
  | { isOwner: true; shares: ListShareSummary[] }
  | { isOwner: false; shareInfo?: ShareInfoView };

/** The one shape in which a list leaves the server for a signed-in caller. */
export function presentList(row: ListRow, context: ListContext): ListView {
  return {
    id: row.id,
    name: row.name,
    owner_id: row.owner_id,
    visibility: row.visibility,
    public_editable: toBool(row.public_editable),
    allow_link_sharing: toBool(row.allow_link_sharing),
    custom_prompts: fromJson(row.custom_prompts),
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...context,
  };
}

/** A public list for anyone with the link: nothing about the owner, the members or the prompts. */
export function presentPublicList(row: ListRow): PublicListView {
  return {
    id: row.id,
    name: row.name,
    visibility: 'public',
    public_editable: toBool(row.public_editable),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function presentPublicItem(row: ItemRow): PublicItemView {
  return {
    id: row.id,
    content: row.content,
    is_completed: toBool(row.is_completed),
    position: row.position,
    properties: fromJson(row.properties),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
