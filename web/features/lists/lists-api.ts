import { LISTS_PATH } from '../../core/net/paths.ts';
import { ListResponse, ListsResponse, PublicListResponse, type ListView, type VisibilityBody } from '../../../common/schemas/lists.ts';
import { InvitationView } from '../../../common/schemas/shares.ts';
import { checkedApi, cursorQuery, fetchAllPages, type ChangeRequest } from '../../core/net/client.ts';

/**
 * The list calls (docs/api.md, "Lists"). Reads are functions; changes are request descriptions
 * that `core/sync/sync.ts` sends with the action's Idempotency-Key, or queues while offline.
 * Changes answer `{list: ListView}` (DELETE: nothing).
 */

const path = (id: string) => `/lists/${encodeURIComponent(id)}`;

export async function fetchLists(): Promise<ListView[]> {
  return (await checkedApi(ListsResponse, LISTS_PATH)).lists;
}

/** One list the caller may read (a member's, or a public one), with what they may do with it. */
export async function fetchList(id: string): Promise<ListView> {
  return (await checkedApi(ListResponse, path(id))).list;
}

/** Public: what the invitation screen may show a visitor with a share link. */
export function fetchInvitation(id: string): Promise<InvitationView> {
  return checkedApi(InvitationView, `${path(id)}/invitation`, { anonymous: true });
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
  rename: (id: string, name: string, expectedName: string): ChangeRequest => ({ method: 'PUT', path: path(id), body: { name, expected_name: expectedName } }),
  remove: (id: string): ChangeRequest => ({ method: 'DELETE', path: path(id) }),
  visibility: (id: string, body: VisibilityBody): ChangeRequest => ({ method: 'PUT', path: `${path(id)}/visibility`, body }),
  customPrompts: (id: string, prompts: string[]): ChangeRequest => ({
    method: 'PUT',
    path: `${path(id)}/custom-prompts`,
    body: { custom_prompts: prompts },
  }),
  join: (id: string): ChangeRequest => ({ method: 'POST', path: `${path(id)}/join` }),
};
