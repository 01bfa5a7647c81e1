import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeList, makeUser } from '../test/factories.ts';
import { answer, item, mockFetch } from '../test/http.ts';

/**
 * A fresh copy of the modules (start-up loads are kept per module), signed in, with the cache
 * holding `cached` (the store starts from it).
 */
async function startSignedIn(cached?: object) {
  vi.resetModules();
  localStorage.clear();
  const user = makeUser();
  if (cached) localStorage.setItem('listo_cache', JSON.stringify({ ...cached, userId: user.id }));
  const { session } = await import('../core/store/session.ts');
  session.signIn({ token: 'token', user });
  const { appStore } = await import('../core/store/app-state.ts');
  const { loadFirstScreen, FIRST_SCREEN_DATA_WAIT_MS } = await import('./first-screen-loads.ts');
  const { loadForScreen } = await import('../features/lists/screen-loads.ts');
  return { session, appStore, loadFirstScreen, loadForScreen, FIRST_SCREEN_DATA_WAIT_MS };
}

const list = makeList({ id: 'l1' });
const paths = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);

describe('loadFirstScreen', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('has the list and its items in the store before the first render, and the screen does not ask again', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/items') ? answer(200, { items: [item('i1', 'milk')], next: null, seq: 1 }) : answer(200, { lists: [list], next: null }),
    );
    const { appStore, loadFirstScreen, loadForScreen, session } = await startSignedIn();
    await loadFirstScreen('/lists/l1');
    expect(appStore.get().lists.map((entry) => entry.id)).toEqual(['l1']);
    expect(appStore.get().items.l1?.map((entry) => entry.content)).toEqual(['milk']);
    const screenLoad = vi.fn(async () => undefined);
    await loadForScreen('lists', screenLoad);
    await loadForScreen('items:l1', screenLoad);
    expect(screenLoad).not.toHaveBeenCalled();
    expect(paths(fetchMock)).toEqual(['/api/v1/lists', '/api/v1/lists/l1/items']);
    // Taken once: the screen's next load (another visit) asks the server.
    await loadForScreen('lists', screenLoad);
    expect(screenLoad).toHaveBeenCalledTimes(1);
    session.signOut();
  });

  it('starts the lists and the user for the dashboard, which renders without waiting for them', async () => {
    let answerAll!: () => void;
    const answered = new Promise<void>((resolve) => (answerAll = resolve));
    fetchMock.mockImplementation(async (url) => {
      await answered;
      return String(url).endsWith('/auth/me') ? answer(200, { user: makeUser({ first_name: 'Sam' }) }) : answer(200, { lists: [list], next: null });
    });
    const { appStore, loadFirstScreen, loadForScreen, session } = await startSignedIn();
    await loadFirstScreen('/');
    expect(appStore.get().listsLoaded).toBe(false);
    answerAll();
    const screenLoad = vi.fn(async () => undefined);
    await Promise.all([loadForScreen('lists', screenLoad), loadForScreen('me', screenLoad)]);
    expect(screenLoad).not.toHaveBeenCalled();
    expect(appStore.get().listsLoaded).toBe(true);
    expect(session.get().user?.first_name).toBe('Sam');
    session.signOut();
  });

  it('does not hold the first render when the cache has the screen, nor for longer than its bound', async () => {
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    let started = await startSignedIn({ lists: [list], items: { l1: [item('i1', 'milk')] } });
    await started.loadFirstScreen('/lists/l1');
    expect(paths(fetchMock)).toEqual(['/api/v1/lists', '/api/v1/lists/l1/items']);
    started.session.signOut();

    vi.useFakeTimers();
    started = await startSignedIn({ lists: [list], items: {} });
    const settled = vi.fn();
    void started.loadFirstScreen('/lists/l1').then(settled);
    await vi.advanceTimersByTimeAsync(started.FIRST_SCREEN_DATA_WAIT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalled();
    started.session.signOut();
  });

  it('hands a failed load to the screen, and loads nothing on other screens', async () => {
    fetchMock.mockImplementation(async () => answer(500, { error: { code: 'internal', message: 'Down' } }));
    const { loadFirstScreen, loadForScreen, session } = await startSignedIn();
    await loadFirstScreen('/lists/l1');
    await expect(loadForScreen('items:l1', async () => undefined)).rejects.toThrow('Down');
    fetchMock.mockClear();
    await loadFirstScreen('/account');
    expect(fetchMock).not.toHaveBeenCalled();
    session.signOut();
  });
});
