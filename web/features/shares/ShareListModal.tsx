import { useEffect, useId, useState } from 'react';
import { JOIN_PATH_PREFIX } from '../../../common/constants.ts';
import { ACCESS_FIELDS, accessOf, LIST_ACCESS_CHOICES, type ListAccess } from '../../../common/list-access.ts';
import { MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { Modal, type ModalProps } from '../../ui/Modal.tsx';
import modal from '../../ui/Modal.module.css';
import ui from '../../ui/ui.module.css';
import { messageOf } from '../../core/net/errors.ts';
import type { ClientList } from '../../core/store/app-state.ts';
import { setVisibilityAction } from '../lists/index.ts';
import { showWaitingPushOffer } from '../notifications/index.ts';
import { notify } from '../../core/store/toasts.ts';
import { MembersSection } from './MembersSection.tsx';
import { ShareLinkField } from './ShareLinkField.tsx';
import styles from './ShareListModal.module.css';

interface ShareListModalProps {
  list: ClientList;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fallbackFocus?: ModalProps['fallbackFocus'];
}

/** Whether people can join the list by its link (and so whether the share link is worth showing). */
const isJoinable = (list: ClientList) => accessOf(list) !== 'invited';

const CHOICES: Record<ListAccess, { label: string; hint: string }> = {
  invited: { label: UI_TEXT.accessInvited, hint: UI_TEXT.accessInvitedHint },
  'link-view': { label: UI_TEXT.accessLinkView, hint: UI_TEXT.accessLinkViewHint },
  'link-edit': { label: UI_TEXT.accessLinkEdit, hint: UI_TEXT.accessLinkEditHint },
};

/**
 * Share List (docs/api.md, "Sharing"): who can open the list by its link, as one choice in plain
 * words over the stored visibility fields (decision 048), the link, members, invite.
 */
export function ShareListModal({ list, open, onOpenChange, fallbackFocus }: ShareListModalProps) {
  // Only what the user chose is theirs; until then the choice follows the list live, so that a
  // Save here does not put back what another admin changed since the dialog opened.
  const [chosen, setChosen] = useState<ListAccess>();
  const access = chosen ?? accessOf(list);
  const [saving, setSaving] = useState(false);
  const name = useId();
  // A share here may have earned the notifications offer: it shows once this dialog is gone.
  useEffect(() => showWaitingPushOffer, []);

  async function save() {
    if (saving) return;
    setSaving(true);
    try {
      const { queued } = await setVisibilityAction(list.id, ACCESS_FIELDS[access]);
      // Queued, the choice stays as the user made it until the server has it.
      if (queued) return notify(UI_TEXT.shareSettingsQueued, 'info');
      setChosen(undefined);
      notify(MESSAGES.shareSettingsUpdated, 'success');
    } catch (error) {
      notify(MESSAGES.shareSettingsFailed + messageOf(error, ''), 'error');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Share List"
      description={`Who can see and edit "${list.name}".`}
      fallbackFocus={fallbackFocus}
    >
      <fieldset className={styles.access}>
        <legend className={modal.sectionTitle}>Who can open it</legend>
        {LIST_ACCESS_CHOICES.map((choice) => (
          <label key={choice} className={styles.choice}>
            <input type="radio" name={name} value={choice} checked={access === choice} onChange={() => setChosen(choice)} />
            <span>
              {CHOICES[choice].label}
              <span className={styles.hint}>{CHOICES[choice].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className={modal.actions}>
        <BusyButton className={ui.primary} busy={saving} onClick={() => void save()}>
          Save
        </BusyButton>
      </div>
      {isJoinable(list) && (
        <section className={modal.section} aria-label="Share link">
          <h3 className={modal.sectionTitle}>Share link</h3>
          <ShareLinkField link={`${window.location.origin}${JOIN_PATH_PREFIX}${list.id}`} />
        </section>
      )}
      <MembersSection listId={list.id} />
    </Modal>
  );
}
