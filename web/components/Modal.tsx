import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import ui from './ui.module.css';
import styles from './Modal.module.css';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}

/** A dialog with a title and a close button; Radix keeps focus inside and returns it on close; Escape closes. */
export function Modal({ open, onOpenChange, title, description, children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          // Radix listens for Escape only while the dialog is the top layer, and a toast that appears
          // while it is open (say "Share settings updated successfully!") becomes that layer and used
          // to take the key. So the dialog handles Escape itself: from focus inside its own content,
          // not from a menu or a nested dialog portalled out of it (those close themselves).
          onEscapeKeyDown={(event) => event.preventDefault()}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && event.currentTarget.contains(event.target as Node)) onOpenChange(false);
          }}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={ui.iconButton} aria-label="Close">
              <X size={20} aria-hidden />
            </Dialog.Close>
          </header>
          {description ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
