import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import ui from './ui.module.css';
import styles from './Modal.module.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Where the focus goes when what opened the dialog is gone with what it was on (a deleted card). */
  fallbackFocus?: () => HTMLElement | null;
}

/** What opened each dialog on screen, for a dialog opened from inside it. */
const openers = new WeakMap<Element, Element>();

/**
 * Where the focus goes back when a dialog closes: to what opened it. When that is gone, to what it
 * stood for: the button of the menu it was an item of ("..." then List Settings), or what opened the
 * dialog it was in (List Settings then Share List).
 */
function returnTarget(opener: Element | null): HTMLElement | null {
  let target = opener;
  while (target && !target.isConnected) {
    const menu = target.closest('[role="menu"]');
    const dialog = target.closest('[role="dialog"]');
    if (menu) target = document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
    else target = dialog ? (openers.get(dialog) ?? null) : null;
  }
  return target instanceof HTMLElement ? target : null;
}

/**
 * What has the focus as the dialog opens (its opener), read while rendering: by the time the dialog
 * is on screen the focus has moved into it, and a menu item that opened it is gone.
 */
function useOpener(open: boolean): Element | null {
  const [opener, setOpener] = useState(() => (open ? focused() : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focused());
  }
  return opener;
}

/** The element with the focus; none when it is on the page's body (nothing to go back to). */
const focused = () => (document.activeElement === document.body ? null : document.activeElement);

/**
 * Escape pressed while the focus is on no element (the page's body): a button pressed inside the
 * dialog went away or was disabled under the focus. It closes the topmost open dialog, the one the
 * user was in, and nothing under it.
 */
function useEscapeFromPage(open: boolean, content: HTMLElement | null, close: () => void): void {
  useEffect(() => {
    if (!open || !content) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.activeElement !== document.body) return;
      const dialogs = document.querySelectorAll('[role="dialog"][data-state="open"]');
      if (dialogs[dialogs.length - 1] === content) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, content, close]);
}

/**
 * A dialog with a title and a close button; Radix keeps focus inside; Escape closes. On close the
 * focus goes back to what opened the dialog (Radix does that only for a Dialog.Trigger, which these
 * dialogs, opened from menus, rows and other dialogs, do not have).
 */
export function Modal({ open, onOpenChange, title, description, children, fallbackFocus }: ModalProps) {
  const opener = useOpener(open);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  // Stable, so that React does not detach and attach it again (two state updates) on every render.
  const attach = useCallback(
    (element: HTMLDivElement | null) => {
      if (element && opener) openers.set(element, opener);
      setContent(element);
    },
    [opener],
  );
  useEscapeFromPage(open, content, useCallback(() => onOpenChange(false), [onOpenChange]));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          ref={attach}
          // Without a description nothing describes the dialog: its title, said again, would not.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            (returnTarget(opener) ?? fallbackFocus?.())?.focus();
          }}
          // Radix listens for Escape only while the dialog is the top layer, and a toast that appears
          // while it is open (say "Share settings updated successfully!") becomes that layer and used
          // to take the key. So the dialog handles Escape itself: from focus inside its own content,
          // not from a menu or a nested dialog portalled out of it (those close themselves).
          onEscapeKeyDown={(event) => event.preventDefault()}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !event.currentTarget.contains(event.target as Node)) return;
            // This Escape is spent: the dialog under a nested one must not take it as well.
            event.stopPropagation();
            onOpenChange(false);
          }}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={ui.iconButton} aria-label="Close">
              <X size={20} aria-hidden />
            </Dialog.Close>
          </header>
          {description && <Dialog.Description className={styles.description}>{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
