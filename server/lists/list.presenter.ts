import type {
  ListCan,
  ListShareSummary,
  ListView,
  PublicListView,
  ShareInfoView,
} from '../../common/schemas/lists.ts';
import type { ListRow } from '../db/schema.ts';
import { fromJson, toBool } from '../db/values.ts';

/**
 * How the caller stands to a list: the owner sees its shares, a member how it reached them, and a
 * reader of a public list neither.
 */
export type ListContext =
  | { isOwner: true; shares: ListShareSummary[] }
  | { isOwner: false; shareInfo?: ShareInfoView };

/** The one shape in which a list leaves the server for a signed-in caller. */
export function presentList(row: ListRow, context: ListContext, can: ListCan): ListView {
  return {
    id: row.id,
    name: row.name,
    ...(context.isOwner ? { owner_id: row.owner_id } : {}),
    visibility: row.visibility,
    public_editable: toBool(row.public_editable),
    allow_link_sharing: toBool(row.allow_link_sharing),
    custom_prompts: fromJson(row.custom_prompts),
    created_at: row.created_at,
    updated_at: row.updated_at,
    can,
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
