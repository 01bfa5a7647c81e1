import type { UserView } from '../../../common/schemas/auth.ts';
import type { PendingChange } from '../sync/pending-change.ts';
import { clearCacheText, readCacheText, writeCacheText } from './cache-storage.ts';

/**
 * When the server ends a session (it expired, the user signed out elsewhere, the password changed),
 * the changes made offline and not sent yet are not the user's choice to drop, as they are at
 * Logout. They stay in `listo_cache`, with nothing else of the account, for the same user's next
 * sign-in to send (app-state.ts restores a cache only for its owner; another account's first save
 * replaces it). The sign-in screen says whose session ended and what waits, or that the account
 * was deleted on another device.
 */

interface EndedSessionCache {
  userId: string;
  endedSession: { email: string; accountDeleted?: true };
  pendingChanges: PendingChange[];
}

export interface EndedSession {
  email: string;
  /** Changes made offline that are sent once this user signs in again. */
  unsent: number;
  accountDeleted: boolean;
}

export function keepForNextSignIn(user: UserView, pendingChanges: PendingChange[], { accountDeleted = false } = {}): void {
  const endedSession = { email: user.email, ...(accountDeleted && { accountDeleted: true as const }) };
  const cache: EndedSessionCache = { userId: user.id, endedSession, pendingChanges };
  // A storage that refuses loses the changes, as a sign-out would have; nothing else can hold them.
  writeCacheText(JSON.stringify(cache)).catch(() => undefined);
}

/**
 * Forgets the word of a deleted account once the sign-in screen has said it: nobody can sign in to
 * that account again to need it, and its address should not stay on the device.
 */
export function forgetDeletedAccount(): void {
  clearCacheText();
}

/** The session that ended on this device, when no one has signed in since. */
export async function readEndedSession(): Promise<EndedSession | null> {
  const read = readCacheText();
  const json = 'json' in read ? read.json : await read.pending;
  try {
    const cache = JSON.parse(json ?? 'null') as Partial<EndedSessionCache> | null;
    if (typeof cache?.endedSession?.email !== 'string') return null;
    return {
      email: cache.endedSession.email,
      unsent: Array.isArray(cache.pendingChanges) ? cache.pendingChanges.length : 0,
      accountDeleted: cache.endedSession.accountDeleted === true,
    };
  } catch {
    return null;
  }
}
