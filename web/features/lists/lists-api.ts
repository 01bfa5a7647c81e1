import { LISTS_PATH } from '../../core/net/paths.ts';
import { ListResponse, ListsResponse, PublicListResponse, type ListView, type VisibilityBody } from '../../../common/schemas/lists.ts';
import { InvitationView } from '../../../common/schemas/shares.ts';
import { checkedApi, cursorQuery, fetchAllPages, type ChangeRequest } from '../../core/net/client.ts';

/**
 * The list calls (docs/api.md, "Lists"). Reads are functions; changes are request descriptions
 * that `core/sync/sync.ts` sends with the action's Idempotency-Key, or queues while offline.
 * Changes answer `{list: ListView}` (DELETE: nothing).
 */

/** A list's own path: its reads, and the changes of the list itself (rename, removal). */
export const listPath = (id: string) => `/lists/${encodeURIComponent(id)}`;

export async function fetchLists(): Promise<ListView[]> {
  return (await checkedApi(ListsResponse, LISTS_PATH)).lists;
}

/** One list the caller may read (a member's, or a public one), with what they may do with it. */
export async function fetchList(id: string): Promise<ListView> {
  return (await checkedApi(ListResponse, listPath(id))).list;
}

/** Public: what the invitation screen may show a visitor with a share link. */
export function fetchInvitation(id: string): Promise<InvitationView> {
  return checkedApi(InvitationView, `${listPath(id)}/invitation`, { anonymous: true });
}

/** Public: a public list and all its items (page by page), read-only. */
export async function fetchPublicList(id: string): Promise<PublicListResponse> {
  const pages = await fetchAllPages((cursor) =>
    checkedApi(PublicListResponse, `/lists/public/${encodeURIComponent(id)}${cursorQuery(cursor)}`, { anonymous: true }),
  );
  return { ...pages[0]!, items: pages.flatMap((page) => page.items), next: null };
}

export const listRequests = {
  create: (id: string, name: string): ChangeRequest => ({ method: 'POST', path: LISTS_PATH, body: { id, name } }),
  rename: (id: string, name: string, expectedName: string): ChangeRequest => ({ method: 'PUT', path: listPath(id), body: { name, expected_name: expectedName } }),
  remove: (id: string): ChangeRequest => ({ method: 'DELETE', path: listPath(id) }),
  visibility: (id: string, body: VisibilityBody): ChangeRequest => ({ method: 'PUT', path: `${listPath(id)}/visibility`, body }),
  customPrompts: (id: string, prompts: string[]): ChangeRequest => ({
    method: 'PUT',
    path: `${listPath(id)}/custom-prompts`,
    body: { custom_prompts: prompts },
  }),
  join: (id: string): ChangeRequest => ({ method: 'POST', path: `${listPath(id)}/join` }),
};
