import { personName } from '../../common/list-activity.ts';
import type {
  LastChangeView,
  ListCan,
  ListShareSummary,
  ListView,
  PublicListView,
  ShareInfoView,
} from '../../common/schemas/lists.ts';
import type { ListRow } from '../db/schema.ts';
import { fromJson, toBool } from '../db/values.ts';
import type { SummaryColumns } from './lists.queries.ts';

/**
 * How the caller stands to a list: the owner sees its shares, a member how it reached them, and a
 * reader of a public list neither.
 */
export type ListContext =
  | { isOwner: true; shares: ListShareSummary[] }
  | { isOwner: false; shareInfo?: ShareInfoView };

/**
 * Who changed the list last, as `readerId` sees it: their first name, else the part of their address
 * before the @, "Someone" once the account is gone; and whether it was them.
 */
function lastChangeOf(row: ListRow & SummaryColumns, readerId: string): LastChangeView | null {
  if (row.last_change_summary === null || row.last_change_at === null) return null;
  return {
    by: personName(row.last_change_name, row.last_change_email),
    by_me: row.last_change_by === readerId,
    summary: row.last_change_summary,
    app: row.last_change_app,
    at: row.last_change_at,
  };
}

/** The one shape in which a list leaves the server for a signed-in caller (`readerId`). */
export function presentList(row: ListRow & SummaryColumns, context: ListContext, can: ListCan, readerId: string): ListView {
  return {
    id: row.id,
    name: row.name,
    ...(context.isOwner ? { owner_id: row.owner_id } : {}),
    visibility: row.visibility,
    public_editable: toBool(row.public_editable),
    allow_link_sharing: toBool(row.allow_link_sharing),
    // A list's prompts are its members' own words: a reader of a public list sees none of them.
    custom_prompts: context.isOwner || context.shareInfo ? fromJson(row.custom_prompts) : [],
    created_at: row.created_at,
    updated_at: row.updated_at,
    can,
    ...context,
    item_count: row.item_count,
    done_count: row.done_count,
    last_change: lastChangeOf(row, readerId),
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
