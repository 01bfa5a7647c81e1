import type { ShareView } from '../../common/schemas/shares.ts';
import { invitationLinkToken, invitationLinkUrl } from './invitation-links.ts';
import type { ShareWithSharerRow } from './shares.queries.ts';

/** A share row; the list documents' reads of shares leave out the invitation link. */
type ShareInput = Omit<ShareWithSharerRow, 'invitation_link_id' | 'invitation_link_expires_at'> &
  Partial<Pick<ShareWithSharerRow, 'invitation_link_id' | 'invitation_link_expires_at'>>;

export type SharePresenter = (row: ShareInput) => ShareView;

/**
 * The one shape in which a share leaves the server (to owners and admins only). A pending
 * invitation carries its invitation link while that link can still be used (decision 047).
 */
export function createSharePresenter(deps: { secret: string; publicUrl: string; now: () => Date }): SharePresenter {
  return (row) => {
    const linkOpen = row.status === 'pending' && row.invitation_link_id && row.invitation_link_expires_at! > deps.now().toISOString();
    return {
      list_id: row.list_id,
      user_id: row.user_id,
      email: row.email,
      permission: row.permission,
      status: row.status,
      shared_by: row.shared_by_email,
      created_at: row.created_at,
      ...(linkOpen && { invitation_link: invitationLinkUrl(deps.publicUrl, invitationLinkToken(deps.secret, row.invitation_link_id!)) }),
    };
  };
}
