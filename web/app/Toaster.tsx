import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NOTIFICATION_MS } from '../../common/constants.ts';
import { UI_TEXT } from '../../common/messages.ts';
import { dismissToast, useToasts } from '../core/store/toasts.ts';
import styles from './Toaster.module.css';

/**
 * The toasts' height, as `--toasts-height` on the page, so a screen leaves room for them below its
 * last row (a list scrolled to its end keeps its last row above them, not under them).
 */
function useToastRoom() {
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = viewport.current;
    // jsdom (unit tests) has no ResizeObserver.
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = element.offsetHeight;
      const atEnd = window.innerHeight + window.scrollY >= root.scrollHeight - 2;
      root.style.setProperty('--toasts-height', `${height}px`);
      // A page read to its end stays at its end as the room grows.
      if (atEnd && height > 0) window.scrollTo({ top: root.scrollHeight });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toasts-height');
    };
  }, []);
  return viewport;
}

/** Notifications: each shows for 5 s and is read out by screen readers (Radix live region); some carry an action (Undo). */
export function Toaster() {
  const toasts = useToasts();
  const viewport = useToastRoom();
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
          {toast.action && (
            <Toast.Action className={styles.action} altText={toast.action.altText} onClick={toast.action.run}>
              {toast.action.label}
            </Toast.Action>
          )}
          <Toast.Close className={styles.close} aria-label={UI_TEXT.dismissToast}>
            <X size={18} aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport ref={viewport} className={styles.viewport} />
    </Toast.Provider>
  );
}
