import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../state/session.ts';
import { api } from './client.ts';
import { makeUser } from '../test/factories.ts';

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

  it('signs out when the refresh fails', async () => {
    fetchMock.mockResolvedValueOnce(refused()).mockResolvedValueOnce(refused());
    await expect(api('/lists')).rejects.toMatchObject({ status: 401 });
    expect(session.get()).toEqual({ token: null, user: null });
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
});
