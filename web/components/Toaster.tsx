import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { NOTIFICATION_MS } from '../../common/constants.ts';
import { dismissToast, useToasts } from '../state/toasts.ts';
import styles from './Toaster.module.css';

/** Notifications: each shows for 5 s and is read out by screen readers (Radix live region). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={NOTIFICATION_MS} swipeDirection="down" label="Notification">
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          className={styles.toast}
          data-tone={toast.tone}
          duration={toast.durationMs}
          type={toast.tone === 'error' || toast.tone === 'warning' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismissToast(toast.id)}
          // Escape closes a toast only from inside the toasts (F8); from anywhere else the key belongs to
          // what has the focus (an open modal), and the toast times out on its own.
          onEscapeKeyDown={(event) => {
            if (!(event.target instanceof Element && event.target.closest(`.${styles.toast}`))) event.preventDefault();
          }}
        >
          <Toast.Description className={styles.message}>{toast.message}</Toast.Description>
          <Toast.Close className={styles.close} aria-label="Dismiss">
            <X size={18} aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className={styles.viewport} />
    </Toast.Provider>
  );
}
