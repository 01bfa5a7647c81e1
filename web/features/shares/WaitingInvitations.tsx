import { MailOpen } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { UI_TEXT } from '../../../common/messages.ts';
import type { ListResponse } from '../../../common/schemas/lists.ts';
import type { InvitationsResponse, WaitingInvitation } from '../../../common/schemas/shares.ts';
import { newIdempotencyKey, sendRequest } from '../../core/net/client.ts';
import { listRequests, upsertList } from '../lists/index.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { messageOf } from '../../core/net/errors.ts';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { useResendVerification } from '../account/index.ts';
import ui from '../../ui/ui.module.css';
import styles from './WaitingInvitations.module.css';

interface Props {
  user: { email: string; email_verified: boolean };
  waiting: InvitationsResponse;
  onChange: () => void;
}

/**
 * The invitations waiting for this account (docs/api.md, "GET /invitations"), each with the one
 * step that opens it: accepting, once the address is proven; before, what proves it (a new
 * confirmation link, or on a server without mail the inviter's invitation link).
 */
export function WaitingInvitations({ user, waiting, onChange }: Props) {
  if (waiting.invitations.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="invitations-title">
      <h2 id="invitations-title" className={styles.title}>
        <MailOpen size={18} aria-hidden />
        {UI_TEXT.invitationsTitle}
      </h2>
      <ul className={styles.invitations}>
        {waiting.invitations.map((invitation) => (
          <li key={invitation.listId} className={styles.invitation}>
            <p className={styles.what} dir="auto">
              {UI_TEXT.invitationFrom(invitation.sharedBy, invitation.listName, UI_TEXT.permissionWords[invitation.permission])}
            </p>
            {user.email_verified ? (
              <AcceptButton invitation={invitation} onChange={onChange} />
            ) : (
              <Unconfirmed email={user.email} sharedBy={invitation.sharedBy} canSendMail={waiting.can_send_mail} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Accepts (POST /lists/{id}/join accepts the invitation to a proven address) and opens the list. */
function AcceptButton({ invitation, onChange }: { invitation: WaitingInvitation; onChange: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      const { list } = await sendRequest<ListResponse>(listRequests.join(invitation.listId), newIdempotencyKey());
      upsertList(list);
      navigate(`/lists/${list.id}`);
    } catch (failure) {
      setError(UI_TEXT.invitationAcceptFailed + messageOf(failure, ''));
      onChange();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <BusyButton className={ui.primary} busy={busy} onClick={() => void accept()} aria-label={`${UI_TEXT.acceptInvitation}: ${invitation.listName}`}>
        {UI_TEXT.acceptInvitation}
      </BusyButton>
      <FormMessage error={error} notice={null} />
    </>
  );
}

/** An address not proven yet: what proves it, so that the invitation is the account's. */
function Unconfirmed({ email, sharedBy, canSendMail }: { email: string; sharedBy: string; canSendMail: boolean }) {
  const { busy, error, notice, resend } = useResendVerification();

  if (!canSendMail) return <p className={ui.muted}>{UI_TEXT.invitationNoMail(sharedBy)}</p>;
  return (
    <>
      <p className={ui.muted}>{UI_TEXT.invitationWaitsOnConfirmation(email)}</p>
      <BusyButton className={ui.secondary} busy={busy} onClick={() => void resend()}>
        {busy ? UI_TEXT.resendingVerification : UI_TEXT.resendVerification}
      </BusyButton>
      <FormMessage error={error} notice={notice} />
    </>
  );
}
