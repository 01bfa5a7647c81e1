import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../common/constants.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { appStore, saveCache } from './app-state.ts';
import type { PendingChange } from '../sync/pending-change.ts';
import { clearCacheText } from './cache-storage.ts';
import { readEndedSession } from './ended-session.ts';
import { session } from './session.ts';

const ada = makeUser({ id: 'u1', email: 'ada@example.com' });
const bob = makeUser({ id: 'u2', email: 'bob@example.com' });
const unsent: PendingChange[] = [
  { key: 'k1', listId: 'l1', method: 'POST', path: '/lists/l1/items', body: { content: 'milk' } },
  { key: 'k2', listId: 'l1', method: 'DELETE', path: '/lists/l1/items/i1' },
];
const storedCache = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.cache) ?? 'null') as Record<string, unknown> | null;

/** Ada signed in, with a list in the store and two changes made offline. */
function adaWithUnsentChanges() {
  session.signIn({ token: 'ada-token', user: ada });
  appStore.update((state) => ({ ...state, lists: [makeList({ id: 'l1' })], listsLoaded: true, pendingChanges: unsent }));
  saveCache();
}

describe('a session the server ended, with changes not sent yet', () => {
  beforeEach(() => {
    localStorage.clear();
    clearCacheText();
  });
  afterEach(() => session.signOut());

  it('keeps those changes, and nothing else of the account, for the next sign-in', async () => {
    adaWithUnsentChanges();
    session.end();
    expect(session.get()).toEqual({ token: null, user: null });
    expect(appStore.get()).toMatchObject({ lists: [], pendingChanges: [] });
    expect(storedCache()).toEqual({ userId: 'u1', endedSession: { email: 'ada@example.com' }, pendingChanges: unsent });
    expect(await readEndedSession()).toEqual({ email: 'ada@example.com', unsent: 2, accountDeleted: false });
  });

  it('gives them back to the same user signing in again, who sends them', async () => {
    adaWithUnsentChanges();
    session.end();
    session.signIn({ token: 'ada-new', user: ada });
    expect(appStore.get().pendingChanges).toEqual(unsent);
    saveCache();
    expect(storedCache()).toMatchObject({ userId: 'u1', pendingChanges: unsent });
    expect(await readEndedSession()).toBeNull();
  });

  it('never gives them to another account: its first save replaces them', () => {
    adaWithUnsentChanges();
    session.end();
    session.signIn({ token: 'bob-token', user: bob });
    expect(appStore.get().pendingChanges).toEqual([]);
    saveCache();
    expect(storedCache()).toMatchObject({ userId: 'u2', pendingChanges: [] });
  });

  it('says whose session ended even with nothing unsent', async () => {
    session.signIn({ token: 'ada-token', user: ada });
    session.end();
    expect(await readEndedSession()).toEqual({ email: 'ada@example.com', unsent: 0, accountDeleted: false });
  });

  it('says so when the account was deleted on another device, keeping nothing to send', async () => {
    adaWithUnsentChanges();
    session.end('deleted');
    expect(storedCache()).toEqual({ userId: 'u1', endedSession: { email: 'ada@example.com', accountDeleted: true }, pendingChanges: [] });
    expect(await readEndedSession()).toEqual({ email: 'ada@example.com', unsent: 0, accountDeleted: true });
  });

  it('is not what Logout does: Logout discards the changes', async () => {
    adaWithUnsentChanges();
    session.signOut();
    expect(storedCache()).toBeNull();
    expect(await readEndedSession()).toBeNull();
  });

  it("leaves the storage to the tab that signed out: another tab's sign-out drops only this tab's copy", () => {
    adaWithUnsentChanges();
    session.end();
    const kept = localStorage.getItem(STORAGE_KEYS.cache);
    // This tab followed another's sign-in and then its end; the kept changes stay as that tab left them.
    localStorage.setItem(STORAGE_KEYS.token, 'ada-token');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ada));
    session.syncWithStorage();
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
    session.syncWithStorage();
    expect(localStorage.getItem(STORAGE_KEYS.cache)).toBe(kept);
  });
});
