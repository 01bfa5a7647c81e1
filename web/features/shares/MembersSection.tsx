import { Check, ChevronDown, Link2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { COPIED_LINK_MS } from '../../../common/constants.ts';
import { MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import type { SharePermission, ShareView } from '../../../common/schemas/shares.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import modal from '../../ui/Modal.module.css';
import { PermissionMenu } from '../../ui/PermissionMenu.tsx';
import ui from '../../ui/ui.module.css';
import { useFleetingNotice } from '../../ui/useFleetingNotice.ts';
import { messageOf } from '../../core/net/errors.ts';
import { appStore, useAppState } from '../../core/store/app-state.ts';
import { followListShares } from './live-shares.ts';
import { changePermissionAction, inviteAction, loadShares, removeAccessAction, shareKey } from './share-actions.ts';
import { copyLink, ShareLinkField } from './ShareLinkField.tsx';
import styles from './ShareListModal.module.css';

const NONE: ShareView[] = [];
const LABELS: Record<SharePermission, string> = { view: 'View only', edit: 'Edit', admin: 'Admin' };

/** Members with their permissions (a small menu changes or removes them) and invite by e-mail. */
export function MembersSection({ listId }: { listId: string }) {
  const held = useAppState((state) => state.shares[listId]);
  const shares = held ?? NONE;
  const [removing, setRemoving] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [permission, setPermission] = useState<SharePermission>('edit');
  const [busy, setBusy] = useState(false);
  // The section's outcomes stay in the dialog, under the form: a toast would be gone before the
  // user looked, and on a phone it would cover the dialog's title and Close button.
  // A failed load is said until the members come after all (the live feed, once back online).
  const [loadError, setLoadError] = useState<{ message: string; held: ShareView[] | undefined } | null>(null);
  // The invitation's own outcome: it is about the address typed, so a new address clears it.
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // On a server without mail (decision 047): said before inviting, and the new invitation's link shown to pass on.
  const [canSendMail, setCanSendMail] = useState(true);
  const [madeLink, setMadeLink] = useState<{ email: string; link: string } | null>(null);
  // An invitation queued offline is said to wait until its address is among the members.
  const [queuedInvite, setQueuedInvite] = useState<string | null>(null);
  const waiting = queuedInvite !== null && !shares.some((share) => share.email === queuedInvite.toLowerCase());

  useEffect(() => {
    loadShares(listId).then(
      ({ canSendMail: sends }) => setCanSendMail(sends),
      (failure) =>
        setLoadError({ message: messageOf(failure, UI_TEXT.membersLoadFailed), held: appStore.get().shares[listId] }),
    );
    return followListShares(listId);
  }, [listId]);

  async function invite(event: FormEvent) {
    event.preventDefault();
    if (busy || !email.trim()) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    setQueuedInvite(null);
    setMadeLink(null);
    try {
      // The members before the answer: an address invited already gets no second mail (docs/api.md).
      const before = shares;
      const share = await inviteAction(listId, email.trim(), permission);
      if (!share) setQueuedInvite(email.trim());
      else if (share.invitation_link) setMadeLink({ email: share.email, link: share.invitation_link });
      else if (share.status === 'accepted') setNotice(UI_TEXT.shareAdded(share.email));
      else if (before.some((entry) => entry.email === share.email)) setNotice(UI_TEXT.shareInviteUpdated(share.email));
      else setNotice(UI_TEXT.shareInvited(share.email));
      setEmail('');
    } catch (failure) {
      setError(UI_TEXT.shareInviteFailed + messageOf(failure, ''));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={modal.section} aria-labelledby="members-title">
      <h3 id="members-title" className={modal.sectionTitle}>
        Members
      </h3>
      {shares.length > 0 && (
        <ul className={styles.members}>
          {shares.map((share) => (
            <li key={share.email} className={styles.member}>
              <span className={styles.email}>
                {share.email}
                {share.status === 'pending' && <span className={ui.muted}> (invited)</span>}
              </span>
              {share.invitation_link && <CopyInvitationLink email={share.email} link={share.invitation_link} />}
              <PermissionMenu
                triggerClassName={`${ui.secondary} ${styles.permission}`}
                triggerLabel={`${share.email}: ${LABELS[share.permission]}. Change access`}
                current={share.permission}
                onChange={(next) => void changePermissionAction(listId, shareKey(share), next)}
                onRemove={() => setRemoving(shareKey(share))}
              >
                {LABELS[share.permission]}
                <ChevronDown size={16} aria-hidden />
              </PermissionMenu>
            </li>
          ))}
        </ul>
      )}
      {!canSendMail && <p className={ui.muted}>{UI_TEXT.noMailNotice}</p>}
      <form className={styles.invite} onSubmit={(event) => void invite(event)}>
        <input
          name="invitee"
          className={`${ui.input} ${styles.inviteEmail}`}
          type="email"
          aria-label="Invite by e-mail"
          placeholder="name@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
            setNotice(null);
            setQueuedInvite(null);
            setMadeLink(null);
          }}
        />
        <select
          name="permission"
          className={ui.select}
          aria-label="Permission"
          value={permission}
          onChange={(event) => setPermission(event.target.value as SharePermission)}
        >
          {Object.entries(LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <BusyButton type="submit" className={ui.primary} busy={busy}>
          Invite
        </BusyButton>
      </form>
      <FormMessage
        error={error ?? (loadError && loadError.held === held ? loadError.message : null)}
        notice={waiting ? UI_TEXT.shareInviteQueued(queuedInvite) : madeLink ? UI_TEXT.invitationLinkMade(madeLink.email) : notice}
      />
      {madeLink && <ShareLinkField link={madeLink.link} label={UI_TEXT.copyInvitationLink(madeLink.email)} name="invitationLink" />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove access"
        message={MESSAGES.removeAccessConfirm}
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void removeAccessAction(listId, removing);
          setRemoving(null);
        }}
      />
    </section>
  );
}

/** A pending invitation's link copied again, to pass on by hand (decision 047). */
function CopyInvitationLink({ email, link }: { email: string; link: string }) {
  const [copied, showCopied] = useFleetingNotice(COPIED_LINK_MS);
  return (
    <>
      <button
        type="button"
        className={`${ui.iconButton} ${styles.copyInvitation}`}
        aria-label={UI_TEXT.copyInvitationLink(email)}
        onClick={() => void copyLink(link, null).then(() => showCopied(UI_TEXT.invitationLinkCopied))}
      >
        {copied ? <Check size={18} aria-hidden /> : <Link2 size={18} aria-hidden />}
      </button>
      <span role="status" className="visually-hidden">
        {copied ?? ''}
      </span>
    </>
  );
}
