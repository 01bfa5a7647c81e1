import { useState } from 'react';
import { MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { Modal, type ModalProps } from '../../components/Modal.tsx';
import modal from '../../components/Modal.module.css';
import { SwitchField } from '../../components/SwitchField.tsx';
import ui from '../../components/ui.module.css';
import { messageOf } from '../../components/errors.ts';
import type { ClientList } from '../../state/app-state.ts';
import { setVisibilityAction } from '../../state/list-actions.ts';
import { notify } from '../../state/toasts.ts';
import { MembersSection } from './MembersSection.tsx';
import { ShareLinkField } from './ShareLinkField.tsx';

interface ShareListModalProps {
  list: ClientList;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fallbackFocus?: ModalProps['fallbackFocus'];
}

interface ShareSettings {
  isPublic: boolean;
  editable: boolean;
  linkSharing: boolean;
}

/**
 * The switches as the list stands. Spec section 4: the modal defaults to editable when the list is
 * not public. Once people can join by link the stored flag decides what they may do, and the modal
 * shows it as it is: a Save that changed nothing must not give every joiner edit rights (decision 030).
 */
function storedSettings(list: ClientList): ShareSettings {
  return { isPublic: list.visibility === 'public', editable: list.public_editable || !isJoinable(list), linkSharing: list.allow_link_sharing };
}

/** Whether people can join the list by its link (and so whether the editable flag is in force). */
const isJoinable = (list: ClientList) => list.visibility === 'public' || list.allow_link_sharing;

/** Share List (spec sections 2 and 4): visibility, editable, link sharing, the link, members, invite. */
export function ShareListModal({ list, open, onOpenChange, fallbackFocus }: ShareListModalProps) {
  // Only what the user switched is theirs; the rest follows the list live, so that a Save here does
  // not put back what another admin changed since the dialog opened.
  const [edits, setEdits] = useState<Partial<ShareSettings>>({});
  const { isPublic, editable, linkSharing } = { ...storedSettings(list), ...edits };
  const edit = (change: Partial<ShareSettings>) => setEdits((current) => ({ ...current, ...change }));
  const [saving, setSaving] = useState(false);

  async function save() {
    if (saving) return;
    setSaving(true);
    try {
      const { queued } = await setVisibilityAction(list.id, {
        visibility: isPublic ? 'public' : 'private',
        public_editable: editable,
        allow_link_sharing: linkSharing,
      });
      // Queued, the switches keep what the user chose until the server has it.
      if (queued) return notify(UI_TEXT.shareSettingsQueued, 'info');
      setEdits({});
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
      <SwitchField
        label="Public"
        hint="Anyone with the link can open it"
        checked={isPublic}
        // Spec section 4: switching to public clears the editable flag.
        onCheckedChange={(checked) => edit(checked ? { isPublic: true, editable: false } : { isPublic: false })}
      />
      <SwitchField label="Editable" hint="People who join by link can edit items" checked={editable} onCheckedChange={(checked) => edit({ editable: checked })} />
      <SwitchField label="Link sharing" hint="Signed-in people can join with the link" checked={linkSharing} onCheckedChange={(checked) => edit({ linkSharing: checked })} />
      <div className={modal.actions}>
        <BusyButton className={ui.primary} busy={saving} onClick={() => void save()}>
          Save
        </BusyButton>
      </div>
      {isJoinable(list) && (
        <section className={modal.section} aria-label="Share link">
          <h3 className={modal.sectionTitle}>Share link</h3>
          <ShareLinkField listId={list.id} />
        </section>
      )}
      <MembersSection listId={list.id} />
    </Modal>
  );
}
