import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../common/constants.ts';
import { makeUser } from '../../test/factories.ts';
import { session, type Session } from './session.ts';

const ada = makeUser({ id: 'u1', first_name: 'Ada' });
const bob = makeUser({ id: 'u2', email: 'bob@example.com' });

/** What another tab does: writes localStorage, and the browser tells this tab with a storage event. */
function anotherTabStores(entries: Record<string, string | null>) {
  for (const [key, value] of Object.entries(entries)) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
  }
}

/** Every state the session passes through from now on. */
function recordSessions(): Session[] {
  const seen: Session[] = [];
  const stop = session.subscribe(() => seen.push(session.get()));
  afterEach(stop);
  return seen;
}

describe('the session, shared by the tabs of the app', () => {
  afterEach(() => {
    session.signOut();
    localStorage.clear();
  });

  it("takes another tab's refreshed token for the same user, without signing out on the way", () => {
    session.signIn({ token: 'old', user: ada });
    const seen = recordSessions();
    anotherTabStores({ [STORAGE_KEYS.token]: 'new', [STORAGE_KEYS.user]: JSON.stringify(ada) });
    expect(session.get()).toEqual({ token: 'new', user: ada });
    expect(seen.every((state) => state.user?.id === 'u1')).toBe(true);
  });

  it("takes another tab's sign-out", () => {
    session.signIn({ token: 'old', user: ada });
    anotherTabStores({ [STORAGE_KEYS.token]: null, [STORAGE_KEYS.user]: null });
    expect(session.get()).toEqual({ token: null, user: null });
  });

  it('passes through signed out when another tab signs in to another account, so nothing of the first is kept', () => {
    session.signIn({ token: 'ada-token', user: ada });
    const seen = recordSessions();
    // As the other tab's sign-in writes it, read here only after both keys are written.
    localStorage.setItem(STORAGE_KEYS.token, 'bob-token');
    anotherTabStores({ [STORAGE_KEYS.user]: JSON.stringify(bob) });
    expect(seen).toEqual([
      { token: null, user: null },
      { token: 'bob-token', user: bob },
    ]);
  });

  it("takes another tab's change to the user (a new first name), and ignores keys that are not the session's", () => {
    session.signIn({ token: 'token', user: ada });
    const seen = recordSessions();
    anotherTabStores({ [STORAGE_KEYS.theme]: 'dark', [STORAGE_KEYS.cache]: '{}' });
    expect(seen).toEqual([]);
    const renamed = { ...ada, first_name: 'Augusta' };
    anotherTabStores({ [STORAGE_KEYS.user]: JSON.stringify(renamed) });
    expect(session.get()).toEqual({ token: 'token', user: renamed });
  });

  it('follows a localStorage cleared in another tab (a storage event with no key)', () => {
    session.signIn({ token: 'token', user: ada });
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(session.get()).toEqual({ token: null, user: null });
  });
});
