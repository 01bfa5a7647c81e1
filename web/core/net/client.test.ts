import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../common/constants.ts';
import { session } from '../store/session.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { api, ApiError, MALFORMED_ANSWER, mayPassLater, readEarly } from './client.ts';
import { fetchItems } from '../../features/items/items-api.ts';
import { fetchLists } from '../../features/lists/lists-api.ts';
import { makeUser } from '../../test/factories.ts';
import { item } from '../../test/http.ts';

const user = makeUser();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refused = () => json(401, { error: { code: 'unauthorized', message: 'Please sign in to continue.' } });
const bearerOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string>).authorization;

describe('api', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    session.signIn({ token: 'old', user });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    session.signOut();
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(refused())
      .mockResolvedValueOnce(json(200, { token: 'new', user }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    expect(await api('/lists')).toEqual({ ok: true });
    expect(fetchMock.mock.calls.map(([url, init]) => [url, bearerOf(init)])).toEqual([
      ['/api/v1/lists', 'Bearer old'],
      ['/api/v1/auth/refresh', 'Bearer old'],
      ['/api/v1/lists', 'Bearer new'],
    ]);
    expect(session.get().token).toBe('new');
  });

  it('throws a 403 to the caller as it is: no refresh, no retry, still signed in', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: { code: 'forbidden', message: "You don't have permission to access this list" } }));
    await expect(api('/lists/l1/items', { method: 'POST', body: { content: 'milk' } })).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      message: "You don't have permission to access this list",
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/lists/l1/items']);
    expect(session.get().token).toBe('old');
  });

  it('retries once only: a second 401 after the refresh is thrown', async () => {
    fetchMock
      .mockResolvedValueOnce(refused())
      .mockResolvedValueOnce(json(200, { token: 'new', user }))
      .mockResolvedValueOnce(refused());
    await expect(api('/lists')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('ends the session when the server refuses the refresh too', async () => {
    const causes: string[] = [];
    const stop = session.onSignOut((cause) => causes.push(cause));
    fetchMock.mockResolvedValueOnce(refused()).mockResolvedValueOnce(refused());
    await expect(api('/lists')).rejects.toMatchObject({ status: 401 });
    expect(session.get()).toEqual({ token: null, user: null });
    expect(causes).toEqual(['ended']);
    stop();
  });

  it('ends nothing when the refresh cannot be made: its failure is thrown, the session stays', async () => {
    fetchMock.mockResolvedValueOnce(refused()).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/lists')).rejects.toBeInstanceOf(TypeError);
    fetchMock.mockResolvedValueOnce(refused()).mockResolvedValueOnce(json(503, { error: { code: 'unavailable', message: 'Restarting' } }));
    await expect(api('/lists')).rejects.toMatchObject({ status: 503 });
    expect(session.get()).toEqual({ token: 'old', user });
  });

  it('retries with the new token when another call refreshed meanwhile, and stays signed in', async () => {
    let answerFirst!: (response: Response) => void;
    fetchMock
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce(json(200, { ok: 'retried' }));
    const pending = api('/lists');
    // Another call refreshed the token while this one was in flight; the server then refused the old one.
    session.signIn({ token: 'rotated', user });
    answerFirst(refused());
    expect(await pending).toEqual({ ok: 'retried' });
    expect(bearerOf(fetchMock.mock.calls[1]![1])).toBe('Bearer rotated');
    expect(session.get().token).toBe('rotated');
  });

  it("retries with the token another tab stored when that tab refreshed first, and leaves the stored token alone", async () => {
    fetchMock
      .mockImplementationOnce(async () => {
        // Another tab refreshed the session (retiring 'old') before this tab heard of it.
        localStorage.setItem(STORAGE_KEYS.token, 'other-tab');
        return refused();
      })
      .mockResolvedValueOnce(refused())
      .mockResolvedValueOnce(json(200, { ok: 'retried' }));
    expect(await api('/lists')).toEqual({ ok: 'retried' });
    expect(fetchMock.mock.calls.map(([url, init]) => [url, bearerOf(init)])).toEqual([
      ['/api/v1/lists', 'Bearer old'],
      ['/api/v1/auth/refresh', 'Bearer old'],
      ['/api/v1/lists', 'Bearer other-tab'],
    ]);
    expect(session.get().token).toBe('other-tab');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('other-tab');
  });

  it("never retries on behalf of another account that another tab signed in, nor clears that account's token", async () => {
    fetchMock
      .mockImplementationOnce(async () => {
        localStorage.setItem(STORAGE_KEYS.token, 'bob-token');
        localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser({ id: 'u2' })));
        return refused();
      })
      .mockResolvedValueOnce(refused());
    await expect(api('/lists/l1/items', { method: 'POST', body: { content: 'milk' } })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(session.get()).toMatchObject({ token: 'bob-token', user: { id: 'u2' } });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('bob-token');
  });

  it('never retries on behalf of another account signed in in this tab while the request was on its way', async () => {
    let answerFirst!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)));
    const pending = api('/lists/l1/items', { method: 'POST', body: { content: 'milk' } });
    // The user signs out, and another account signs in, before the answer (401: that session ended).
    session.signOut();
    session.signIn({ token: 'bob-token', user: makeUser({ id: 'u2' }) });
    answerFirst(refused());
    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.get()).toMatchObject({ token: 'bob-token', user: { id: 'u2' } });
  });

  describe('readEarly', () => {
    afterEach(() => vi.useRealTimers());

    it('hands its answer to the first plain call of that path; the next one asks again', async () => {
      fetchMock.mockResolvedValueOnce(json(200, { n: 1 })).mockResolvedValueOnce(json(200, { n: 2 }));
      readEarly('/early/a');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(await api('/early/a')).toEqual({ n: 1 });
      expect(await api('/early/a')).toEqual({ n: 2 });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('hands its failure to that caller, and to no one when nobody asks', async () => {
      fetchMock.mockResolvedValueOnce(json(404, { error: { code: 'not_found', message: 'List not found' } }));
      readEarly('/early/b');
      await expect(api('/early/b')).rejects.toMatchObject({ status: 404, message: 'List not found' });

      const unhandled = vi.fn();
      process.on('unhandledRejection', unhandled);
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      readEarly('/early/never-asked');
      await new Promise((resolve) => setTimeout(resolve, 10));
      process.off('unhandledRejection', unhandled);
      expect(unhandled).not.toHaveBeenCalled();
    });

    it('is not used for another kind of call, once stale, or for another session', async () => {
      vi.useFakeTimers();
      fetchMock.mockImplementation(async () => json(200, { fresh: true }));
      readEarly('/early/c');
      await api('/early/c', { method: 'POST', body: {} });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      readEarly('/early/d');
      vi.advanceTimersByTime(10_001);
      await api('/early/d');
      expect(fetchMock).toHaveBeenCalledTimes(4);

      readEarly('/early/e');
      session.signIn({ token: 't2', user });
      await api('/early/e');
      expect(fetchMock).toHaveBeenCalledTimes(6);
      expect(bearerOf(fetchMock.mock.calls[5]![1])).toBe('Bearer t2');
    });
  });

  it('passes an answer checked against its schema when in the documented shape', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { items: [item('i1', 'milk')], next: null, seq: 3 }));
    expect(await fetchItems('l1')).toEqual({ items: [item('i1', 'milk')], seq: 3 });
  });

  it('makes an answer of another shape a failure the screens show with a retry, never data', async () => {
    for (const body of [{ lists: 'nope' }, '<html>a proxy page</html>', { lists: [{ id: 'l1' }] }]) {
      fetchMock.mockResolvedValueOnce(json(200, body));
      const error = await fetchLists().catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 502, code: MALFORMED_ANSWER, message: MESSAGES.malformedAnswer, explained: true });
      expect(mayPassLater(error)).toBe(true);
    }
  });
});
