import ui from './ui.module.css';
import { Modal, type ModalProps } from './Modal.tsx';
import styles from './Modal.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  fallbackFocus?: ModalProps['fallbackFocus'];
}

/** Asks before something that cannot be undone; Cancel has the focus first. */
export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onCancel, fallbackFocus }: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={(next) => !next && onCancel()} title={title} description={message} fallbackFocus={fallbackFocus}>
      <div className={styles.actions}>
        <button type="button" className={ui.secondary} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={ui.danger} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
