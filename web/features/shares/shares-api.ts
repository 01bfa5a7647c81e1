import type { ListResponse } from '../../../common/schemas/lists.ts';
import type { InvitationLinkView, InvitationsResponse, SharePermission, SharesResponse } from '../../../common/schemas/shares.ts';
import { api, newIdempotencyKey, sendRequest, type ChangeRequest } from '../../core/net/client.ts';

/**
 * The share calls (docs/api.md, "Sharing"), as in api/lists.ts. Invite and update answer
 * `{share: ShareView}`. `userId` is a member's user id, or the address of a pending invitation.
 */

const sharesPath = (listId: string) => `/lists/${encodeURIComponent(listId)}/shares`;
const sharePath = (listId: string, userId: string) => `${sharesPath(listId)}/${encodeURIComponent(userId)}`;

export function fetchShares(listId: string): Promise<SharesResponse> {
  return api<SharesResponse>(sharesPath(listId));
}

/** The invitations waiting for the signed-in account's address (its dashboard). */
export function fetchInvitations(): Promise<InvitationsResponse> {
  return api<InvitationsResponse>('/invitations');
}

/** What an invitation link's page shows; public, the token in the body (docs/api.md, "Invitation links"). */
export function viewInvitationLink(token: string): Promise<InvitationLinkView> {
  return api<InvitationLinkView>('/invitation-links/view', { method: 'POST', body: { token }, anonymous: true });
}

/** Accepts an invitation link for the account signed in; answers the list as it now sees it. */
export async function acceptInvitationLink(token: string) {
  return (await sendRequest<ListResponse>({ method: 'POST', path: '/invitation-links/accept', body: { token } }, newIdempotencyKey())).list;
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
