import type { ListsResponse, ListView, PublicListResponse, VisibilityBody } from '../../common/schemas/lists.ts';
import type { InvitationView } from '../../common/schemas/shares.ts';
import { api, type ChangeRequest } from './client.ts';

/**
 * The list calls (docs/api.md, "Lists"). Reads are functions; changes are request descriptions
 * that `state/sync.ts` sends with the action's Idempotency-Key, or queues while offline.
 * Changes answer `{list: ListView}` (DELETE: nothing).
 */

const path = (id: string) => `/lists/${encodeURIComponent(id)}`;

export async function fetchLists(): Promise<ListView[]> {
  return (await api<ListsResponse>('/lists')).lists;
}

/** Public: what the invitation screen may show a visitor with a share link. */
export function fetchInvitation(id: string): Promise<InvitationView> {
  return api<InvitationView>(`${path(id)}/invitation`, { anonymous: true });
}

/** Public: a public list and its items, read-only. */
export function fetchPublicList(id: string): Promise<PublicListResponse> {
  return api<PublicListResponse>(`/lists/public/${encodeURIComponent(id)}`, { anonymous: true });
}

export const listRequests = {
  create: (name: string): ChangeRequest => ({ method: 'POST', path: '/lists', body: { name } }),
  rename: (id: string, name: string): ChangeRequest => ({ method: 'PUT', path: path(id), body: { name } }),
  remove: (id: string): ChangeRequest => ({ method: 'DELETE', path: path(id) }),
  visibility: (id: string, body: VisibilityBody): ChangeRequest => ({ method: 'PUT', path: `${path(id)}/visibility`, body }),
  customPrompts: (id: string, prompts: string[]): ChangeRequest => ({
    method: 'PUT',
    path: `${path(id)}/custom-prompts`,
    body: { custom_prompts: prompts },
  }),
  join: (id: string): ChangeRequest => ({ method: 'POST', path: `${path(id)}/join` }),
};
