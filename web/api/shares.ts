import type { SharePermission, SharesResponse, ShareView } from '../../common/schemas/shares.ts';
import { api, type ChangeRequest } from './client.ts';

/**
 * The share calls (docs/api.md, "Sharing"), as in api/lists.ts. Invite and update answer
 * `{share: ShareView}`. `userId` is a member's user id, or the address of a pending invitation.
 */

const sharesPath = (listId: string) => `/lists/${encodeURIComponent(listId)}/shares`;
const sharePath = (listId: string, userId: string) => `${sharesPath(listId)}/${encodeURIComponent(userId)}`;

export async function fetchShares(listId: string): Promise<ShareView[]> {
  return (await api<SharesResponse>(sharesPath(listId))).shares;
}

export const shareRequests = {
  invite: (listId: string, email: string, permission: SharePermission): ChangeRequest => ({
    method: 'POST',
    path: sharesPath(listId),
    body: { email, permission },
  }),
  update: (listId: string, userId: string, permission: SharePermission): ChangeRequest => ({
    method: 'PUT',
    path: sharePath(listId, userId),
    body: { permission },
  }),
  remove: (listId: string, userId: string): ChangeRequest => ({ method: 'DELETE', path: sharePath(listId, userId) }),
};
