import { createStore, useStore } from './store.ts';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  /** How long it shows; the Toaster's NOTIFICATION_MS when not set. */
  durationMs?: number;
  /** A button on the toast (Undo); using it closes the toast. `altText` says how else to do it. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  altText: string;
  run: () => void;
}

/** Notifications: each shows for NOTIFICATION_MS (the Toaster closes it). */
export const toastStore = createStore<Toast[]>([]);

let nextId = 1;

/** Shows a toast; answers its id, for dismissToast. */
export function notify(message: string, tone: ToastTone = 'info', durationMs?: number, action?: ToastAction): number {
  const toast = { id: nextId++, message, tone, durationMs, action };
  toastStore.update((toasts) => [...toasts, toast]);
  return toast.id;
}

export function dismissToast(id: number): void {
  toastStore.update((toasts) => toasts.filter((toast) => toast.id !== id));
}

export function useToasts(): Toast[] {
  return useStore(toastStore, (toasts) => toasts);
}
