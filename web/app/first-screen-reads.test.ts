import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/factories.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('readFirstScreenEarly', () => {
  const fetchMock = vi.fn<typeof fetch>(async () => json({}));
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockClear();
    vi.unstubAllGlobals();
  });

  /** A fresh copy of the modules (reads started early are kept per module), signed in. */
  async function readsFor(pathname: string): Promise<string[]> {
    vi.resetModules();
    const { session } = await import('../core/store/session.ts');
    session.signIn({ token: 'token', user: makeUser() });
    const { readFirstScreenEarly } = await import('./first-screen-reads.ts');
    readFirstScreenEarly(pathname);
    session.signOut();
    return fetchMock.mock.calls.map(([url]) => String(url));
  }

  it.each([
    ['/', ['/api/v1/lists', '/api/v1/auth/me']],
    ['/lists/abc', ['/api/v1/lists', '/api/v1/lists/abc/items']],
    ['/lists/a%20b%2Fc/', ['/api/v1/lists', '/api/v1/lists/a%20b%2Fc/items']],
    ['/account', []],
    ['/lists/abc/extra', []],
    ['/lists/%E0%A4%A', []],
  ])('on %s reads %j', async (pathname, urls) => {
    expect(await readsFor(pathname)).toEqual(urls);
  });

  it('hands the list screen its items and the lists, without asking twice', async () => {
    vi.resetModules();
    const { session } = await import('../core/store/session.ts');
    session.signIn({ token: 'token', user: makeUser() });
    const { readFirstScreenEarly } = await import('./first-screen-reads.ts');
    const { fetchItems } = await import('../features/items/items-api.ts');
    const { fetchLists } = await import('../features/lists/lists-api.ts');
    fetchMock.mockImplementation(async (url) => json(String(url).endsWith('/items') ? { items: [], next: null, seq: 0 } : { lists: [] }));
    readFirstScreenEarly('/lists/abc');
    await Promise.all([fetchItems('abc'), fetchLists()]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    session.signOut();
  });
});
