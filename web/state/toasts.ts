import { createStore, useStore } from './store.ts';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  /** How long it shows; the Toaster's NOTIFICATION_MS when not set. */
  durationMs?: number;
}

/** Notifications of spec section 4: each shows for NOTIFICATION_MS (the Toaster closes it). */
export const toastStore = createStore<Toast[]>([]);

let nextId = 1;

export function notify(message: string, tone: ToastTone = 'info', durationMs?: number): void {
  const toast = { id: nextId++, message, tone, durationMs };
  toastStore.update((toasts) => [...toasts, toast]);
}

export function dismissToast(id: number): void {
  toastStore.update((toasts) => toasts.filter((toast) => toast.id !== id));
}

export function useToasts(): Toast[] {
  return useStore(toastStore, (toasts) => toasts);
}
