import { useState } from 'react';
import { PUSH_UI_TEXT } from '../../../common/push.ts';
import { closePushOffer, turnPushOn, usePushOffer } from './push.ts';
import { notify } from '../../core/store/toasts.ts';
import { Modal } from '../../ui/Modal.tsx';
import styles from '../../ui/Modal.module.css';
import ui from '../../ui/ui.module.css';

/**
 * The one offer of notifications a device gets, right after its first share (features/notifications/push.ts decides
 * when): never at a first visit, never again after either answer. Account Settings turns them on
 * and off at any time.
 */
export function NotificationOffer() {
  const open = usePushOffer();
  const [busy, setBusy] = useState(false);

  async function accept() {
    setBusy(true);
    try {
      const state = await turnPushOn();
      if (state === 'blocked') notify(PUSH_UI_TEXT.blocked, 'warning');
      else if (state === 'on') notify(PUSH_UI_TEXT.on, 'success');
    } catch {
      notify(PUSH_UI_TEXT.failed, 'error');
    } finally {
      setBusy(false);
      closePushOffer();
    }
  }

  return (
    <Modal open={open} onOpenChange={(next) => !next && closePushOffer()} title={PUSH_UI_TEXT.offerTitle} description={PUSH_UI_TEXT.offerText}>
      <div className={styles.actions}>
        <button type="button" className={ui.secondary} onClick={closePushOffer} autoFocus>
          {PUSH_UI_TEXT.offerDecline}
        </button>
        <button type="button" className={ui.primary} disabled={busy} onClick={() => void accept()}>
          {PUSH_UI_TEXT.offerAccept}
        </button>
      </div>
    </Modal>
  );
}
