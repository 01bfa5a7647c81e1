import { useSyncExternalStore } from 'react';

/** A tiny observable store: one immutable state, replaced by `update`, read with `useStore`. */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  update(change: (current: T) => T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    if (next === current) return;
    current = next;
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => current,
    set,
    update: (change) => set(change(current)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads a slice of a store; the component re-renders only when that slice changes (by identity). */
export function useStore<T, S>(store: Store<T>, select: (state: T) => S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
