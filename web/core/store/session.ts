import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../common/constants.ts';
import type { AuthResponse, UserView } from '../../../common/schemas/auth.ts';
import { localStore } from './local-storage.ts';

export interface Session {
  token: string | null;
  user: UserView | null;
}

/**
 * How a signed-in user came to be signed out: `chosen` in this tab (Logout), `ended` when the
 * server refused the session and its refresh (expired, signed out elsewhere, password changed),
 * `deleted` when the account was deleted on another device, or `elsewhere` when another tab
 * signed out or into another account.
 */
export type SignOutCause = 'chosen' | 'ended' | 'deleted' | 'elsewhere';

function readStoredSession(): Session {
  const token = localStore.getItem(STORAGE_KEYS.token);
  const user = localStore.getItem(STORAGE_KEYS.user);
  try {
    return { token, user: token && user ? (JSON.parse(user) as UserView) : null };
  } catch {
    return { token, user: null };
  }
}

const sameSession = (a: Session, b: Session) => a.token === b.token && JSON.stringify(a.user) === JSON.stringify(b.user);

/**
 * The signed-in user and their token, kept in localStorage so a reload stays signed in. Every tab
 * of the app shares them: what one tab stores, the others take (`syncWithStorage`).
 */
function createSessionStore() {
  let current = readStoredSession();
  const listeners = new Set<() => void>();
  const signOutListeners = new Set<(cause: SignOutCause, user: UserView | null) => void>();
  const set = (next: Session) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  const signOutAs = (cause: SignOutCause) => {
    const { user } = current;
    set({ token: null, user: null });
    signOutListeners.forEach((listener) => listener(cause, user));
  };
  const forgetSession = () => {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user]) localStore.removeItem(key);
  };

  return {
    get: () => current,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn({ token, user }: AuthResponse) {
      localStore.setItem(STORAGE_KEYS.token, token);
      localStore.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      set({ token, user });
    },
    setUser(user: UserView) {
      localStore.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      set({ ...current, user });
    },
    /**
     * Called after a sign-out, with how and who (null when no user was stored): every cleanup of a
     * sign-out goes through here (the cache's owner decides what to keep, features forget their own).
     */
    onSignOut(listener: (cause: SignOutCause, user: UserView | null) => void) {
      signOutListeners.add(listener);
      return () => signOutListeners.delete(listener);
    },
    /** Logout: clears the token and the user; the sign-out hooks clear the rest (the cache, the selected list). */
    signOut() {
      forgetSession();
      signOutAs('chosen');
    },
    /**
     * The server ended the session, or the account is gone. Like a sign-out, but the cache is left
     * to its owner (app-state.ts), which keeps the changes not sent yet for the same user's next
     * sign-in, and tells the sign-in screen what happened.
     */
    end(cause: 'ended' | 'deleted' = 'ended') {
      forgetSession();
      signOutAs(cause);
    },
    /**
     * Takes what another tab stored: its refreshed token (this tab's copy no longer works), its
     * sign-out, or another account's sign-in. A switch of account passes through signed out, so
     * nothing of the last account's state is kept.
     */
    syncWithStorage() {
      const stored = readStoredSession();
      if (sameSession(stored, current)) return;
      if (current.user && stored.user?.id !== current.user.id) signOutAs('elsewhere');
      if (!sameSession(stored, current)) set(stored);
    },
  };
}

export const session = createSessionStore();

// The browser tells every other tab of the origin when one writes localStorage (key null: cleared).
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) session.syncWithStorage();
});

export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get);
}
