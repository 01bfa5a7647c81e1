import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ListRole } from '../access/permissions.ts';
import type { DB, ItemRow, ListShareRow, ListsTable } from '../db/schema.ts';

/**
 * What live subscriptions read, provided by the features that own the data (composed in
 * server/app.ts). Realtime itself only logs, carries and fans out: it never builds a document or
 * queries a feature's tables, so REST and live updates cannot drift apart (one read each).
 */

export type Db = Kysely<DB> | Transaction<DB>;

/**
 * A share of a list with its sharer's address (null when that account is gone) and, for a pending
 * invitation, its open invitation link's id and end (absent or null when it has none).
 */
export type LiveShare = ListShareRow & {
  shared_by_email: string | null;
  invitation_link_id?: string | null;
  invitation_link_expires_at?: string | null;
};

/**
 * A list with its change seq, what its document counts (items, done items, the first name of its
 * last author) and all its shares (pending ones included, oldest first).
 */
export interface LiveListState {
  list: Selectable<ListsTable> & { last_change_name: string | null; last_change_email: string | null };
  shares: LiveShare[];
}

/** A list's document in a user's `lists` or `shares` topic, with the seq it reflects. */
export interface LiveListDoc {
  listId: string;
  seq: number;
  doc: unknown;
}

export interface LiveSources {
  /** The list with its seq and shares; undefined when it is gone. */
  listState(db: Db, listId: string): Promise<LiveListState | undefined>;
  /** The documents of a user's `lists` (owned) or `shares` (shared with them) topic. */
  listDocsOf(db: Db, userId: string, topic: 'lists' | 'shares'): Promise<LiveListDoc[]>;
  /** A list's document in the user's topic, or undefined when the list is not in it. */
  listDoc(state: LiveListState, userId: string, topic: 'lists' | 'shares'): unknown;
  /**
   * The list's document in the `list` topic: as GET /lists/{id} answers a user of this role on it
   * (owner, member, reader of a public list), or for an anonymous reader (`userId` undefined) as
   * GET /lists/public/{id} does. Presents what `state` holds; reads nothing.
   */
  listView(state: LiveListState, role: ListRole, userId: string | undefined): unknown;
  /** The pages of a list's items in display order (the same read as GET /lists/{id}/items). */
  itemPages(db: Db, listId: string): AsyncIterable<ItemRow[]>;
  itemsByIds(db: Db, listId: string, ids: readonly string[]): Promise<ItemRow[]>;
  /** An item as a member of its list sees it, or as a reader of a public list. */
  itemDoc(row: ItemRow, audience: { member: boolean }): unknown;
  shareDoc(share: LiveShare): unknown;
  userDoc(db: Db, userId: string): Promise<unknown>;
  /** Of these sessions, the ones still live; sockets of the others are closed. */
  liveSessions(db: Db, sessionIds: readonly string[]): Promise<Set<string>>;
}
