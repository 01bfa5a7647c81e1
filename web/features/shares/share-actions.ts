import { MESSAGES } from '../../../common/messages.ts';
import type { SharePermission, ShareView } from '../../../common/schemas/shares.ts';
import { ApiError } from '../../core/net/client.ts';
import { foundGoneAlready } from '../../core/net/removals.ts';
import { fetchShares, shareRequests } from './shares-api.ts';
import { messageOf } from '../../core/net/errors.ts';
import { appStore } from '../../core/store/app-state.ts';
import { loadLists } from '../lists/index.ts';
import { offerPushAfterShare } from '../notifications/index.ts';
import { sendChange } from '../../core/sync/sync.ts';
import { notify } from '../../core/store/toasts.ts';

/** Share actions: members of a list and their permissions (owner or admin only). */

function setShares(listId: string, change: (shares: ShareView[]) => ShareView[]) {
  appStore.update((state) => ({ ...state, shares: { ...state.shares, [listId]: change(state.shares[listId] ?? []) } }));
}

/** The key a share is addressed by: its user id, or the address of a pending invitation. */
export const shareKey = (share: { user_id: string | null; email: string }) => share.user_id ?? share.email;

/** The members of a list as the server has them now (a read, or the live `list-shares` topic). */
export function setServerShares(listId: string, shares: ShareView[]): void {
  setShares(listId, () => shares);
}

/** Loads a list's members; answers whether the server can send mail (else invitations come with a link). */
export async function loadShares(listId: string): Promise<{ canSendMail: boolean }> {
  const { shares, can_send_mail } = await fetchShares(listId);
  setServerShares(listId, shares);
  return { canSendMail: can_send_mail };
}

/** Refreshes the dashboard tags ("shared: {email}") after a change; failures there are harmless. */
const refreshLists = () => loadLists().catch(() => undefined);

export async function changePermissionAction(listId: string, userId: string, permission: SharePermission): Promise<void> {
  try {
    const sent = await sendChange<{ share: ShareView }>(shareRequests.update(listId, userId, permission), { listId });
    if (!sent.queued) setShares(listId, (shares) => shares.map((s) => (shareKey(s) === userId ? sent.value.share : s)));
    await refreshLists();
  } catch (error) {
    // `Share not found`: the member left or was removed elsewhere; their row goes too.
    if (error instanceof ApiError && error.status === 404 && !error.listOutOfReach) {
      setShares(listId, (shares) => shares.filter((s) => shareKey(s) !== userId));
    }
    notify(MESSAGES.updateAccessFailed + messageOf(error, ''), 'error');
  }
}

/** Removes a member (a 404 means already gone: success). Asking for confirmation is the caller's. */
export async function removeAccessAction(listId: string, userId: string): Promise<void> {
  const request = shareRequests.remove(listId, userId);
  try {
    await sendChange(request, { listId });
  } catch (error) {
    if (!foundGoneAlready(request, error)) {
      notify(MESSAGES.removeAccessFailed + messageOf(error, ''), 'error');
      return;
    }
  }
  setShares(listId, (shares) => shares.filter((share) => shareKey(share) !== userId));
  await refreshLists();
}

/** Invites an address; answers the share, so the caller can say whether a mail went out. */
export async function inviteAction(listId: string, email: string, permission: SharePermission): Promise<ShareView | null> {
  const sent = await sendChange<{ share: ShareView }>(shareRequests.invite(listId, email, permission), { listId });
  if (sent.queued) return null;
  const { share } = sent.value;
  setShares(listId, (shares) => [...shares.filter((s) => s.email !== share.email), share]);
  offerPushAfterShare();
  await refreshLists();
  return share;
}
